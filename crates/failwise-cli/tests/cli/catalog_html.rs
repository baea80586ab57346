//! `failwise catalog docs --to html` in headless Chromium: the page opens at a code's anchor
//! without JavaScript, fits 1280 and 375 pixels without a horizontal scroll, resolves every
//! `#` link, paints something (a screenshot of the viewport's size that is not blank), shows
//! its grouping in the DOM the browser ends with, and reads in pt-BR with `--lang pt-BR`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::catalog::fixture;
use crate::support::failwise;

/// The Chromium binary (scripts/test installs Debian's `chromium`).
fn chromium() -> &'static str {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .expect("headless Chromium is needed for the HTML reference tests: install Debian's `chromium` package (scripts/test does)")
}

/// Runs headless Chromium with a fresh profile and `args`, and returns its stdout.
fn run_chromium(args: &[&str]) -> String {
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs headless Chromium on `url` and returns the DOM it ends with.
fn chromium_dom(url: &str, extra: &[&str]) -> String {
    let mut args = extra.to_vec();
    args.extend(["--virtual-time-budget=5000", "--dump-dom", url]);
    run_chromium(&args)
}

/// The reference of atomwrite's catalog written to `reference.html` in `dir`, with `args`
/// before the catalog command (`--lang pt-BR`).
fn reference(dir: &tempfile::TempDir, args: &[&str]) -> PathBuf {
    let file = fixture("atomwrite.json");
    let mut all = args.to_vec();
    all.extend(["catalog", "docs", &file, "--format", "html"]);
    let run = failwise(&all);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let page = dir.path().join("reference.html");
    std::fs::write(&page, &run.stdout).unwrap();
    page
}

/// What the probe page wrote into its `<pre id="result">`.
fn result(dom: &str) -> &str {
    let start = dom
        .find("<pre id=\"result\">")
        .unwrap_or_else(|| panic!("the probe wrote no result: {dom}"));
    let rest = &dom[start + "<pre id=\"result\">".len()..];
    &rest[..rest.find("</pre>").expect("a closed result")]
}

/// The page is loaded in a sandboxed frame without scripts (so it must read without
/// JavaScript); the probe page around it checks that the frame's `:target` is the code's
/// article and that the browser scrolled to it.
#[test]
fn docs_html_opens_in_chromium_at_a_codes_anchor() {
    let dir = tempfile::tempdir().unwrap();
    reference(&dir, &[]);
    let probe = r#"<!DOCTYPE html><html><body><iframe id="f" sandbox="allow-same-origin" src="reference.html#WORKSPACE_JAIL" width="800" height="600"></iframe>
<script>document.getElementById('f').addEventListener('load', function () {
  var t = this.contentDocument && this.contentDocument.querySelector(':target');
  var out = document.createElement('pre'); out.id = 'result';
  out.textContent = t ? 'target=' + t.id + ' text=' + t.querySelector('dd code').textContent + ' scrolled=' + (this.contentWindow.scrollY > 0) + ' search_hidden=' + this.contentDocument.getElementById('q').hidden : 'target=none';
  document.body.appendChild(out);
});</script></body></html>"#;
    let probe_path = dir.path().join("probe.html");
    std::fs::write(&probe_path, probe).unwrap();
    let dom = chromium_dom(
        &format!("file://{}", probe_path.display()),
        &["--allow-file-access-from-files"],
    );
    assert_eq!(
        result(&dom),
        "target=WORKSPACE_JAIL text=path outside workspace jail: {path} (workspace: {workspace}) scrolled=true search_hidden=true"
    );
}

/// The probe loads the page in a frame 1280 pixels wide and one 375 wide (scripts off), and
/// reports for each: the viewport's width against the document's scroll width, any element
/// whose box passes the right edge, the `#` links that name no element, and whether the
/// index table's head is shown (the wide layout) or not (the narrow one).
const LAYOUT_PROBE: &str = r##"<!DOCTYPE html><html><body>
<iframe id="w1280" sandbox="allow-same-origin" src="reference.html" width="1280" height="800"></iframe>
<iframe id="w375" sandbox="allow-same-origin" src="reference.html" width="375" height="800"></iframe>
<script>
var pending = 2, lines = [];
function measure(frame) {
  var d = frame.contentDocument, w = frame.contentWindow, root = d.documentElement;
  var width = root.clientWidth, past = [];
  d.querySelectorAll('body *').forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 0.5) past.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : ''));
  });
  var links = d.querySelectorAll('a[href^="#"]'), unresolved = [];
  links.forEach(function (a) {
    var id = decodeURIComponent(a.getAttribute('href').slice(1));
    if (!d.getElementById(id)) unresolved.push(id);
  });
  var head = w.getComputedStyle(d.querySelector('table.index thead')).display;
  return frame.id + ' viewport=' + width + ' scroll=' + root.scrollWidth + ' past_edge=[' + past.slice(0, 5).join(',') +
    '] links=' + links.length + ' unresolved=[' + unresolved.join(',') + '] head=' + head;
}
document.querySelectorAll('iframe').forEach(function (f) {
  f.addEventListener('load', function () {
    lines.push(measure(f));
    if (--pending === 0) {
      var out = document.createElement('pre'); out.id = 'result';
      out.textContent = lines.sort().join('\n'); document.body.appendChild(out);
    }
  });
});
</script></body></html>"##;

#[test]
fn docs_html_fits_1280_and_375_pixels_and_every_anchor_resolves() {
    let dir = tempfile::tempdir().unwrap();
    reference(&dir, &[]);
    let probe_path = dir.path().join("layout.html");
    std::fs::write(&probe_path, LAYOUT_PROBE).unwrap();
    let dom = chromium_dom(
        &format!("file://{}", probe_path.display()),
        &["--allow-file-access-from-files", "--window-size=1400,1000"],
    );
    let lines: Vec<&str> = result(&dom).lines().collect();
    assert_eq!(lines.len(), 2, "{dom}");
    for (line, width, head) in [
        (lines[0], 1280, "table-header-group"),
        (lines[1], 375, "none"),
    ] {
        let field = |name: &str| {
            let at = line
                .find(&format!(" {name}="))
                .unwrap_or_else(|| panic!("{name}: {line}"));
            let rest = &line[at + name.len() + 2..];
            rest[..rest.find(' ').unwrap_or(rest.len())].to_owned()
        };
        assert!(line.starts_with(&format!("w{width} ")), "{line}");
        let viewport: u32 = field("viewport").parse().unwrap();
        assert!(viewport <= width && viewport + 20 >= width, "{line}");
        assert_eq!(
            field("scroll"),
            field("viewport"),
            "no horizontal scroll: {line}"
        );
        assert_eq!(field("past_edge"), "[]", "{line}");
        assert_eq!(field("unresolved"), "[]", "{line}");
        // atomwrite's 28 codes: a link per code in an index, its own heading, and more.
        let links: usize = field("links").parse().unwrap();
        assert!(links > 2 * 28, "{line}");
        assert_eq!(field("head"), head, "the layout for {width} px: {line}");
    }
}

/// `bytes` in base64 (RFC 4648, with padding), for a `data:` URL.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> shift) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The probe draws the screenshot on a canvas and counts its pixels: its size, the colour of
/// the top-left pixel (the page's background), how many pixels differ from it, and how many
/// colours there are.
const PIXEL_PROBE: &str = r#"<!DOCTYPE html><html><body><img id="shot" src="data:image/png;base64,BASE64">
<script>
function count() {
  var img = document.getElementById('shot'), c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  var g = c.getContext('2d'); g.drawImage(img, 0, 0);
  var px = g.getImageData(0, 0, c.width, c.height).data, differ = 0, colours = {}, n = 0;
  for (var i = 0; i < px.length; i += 4) {
    if (px[i] !== px[0] || px[i + 1] !== px[1] || px[i + 2] !== px[2]) differ++;
    var key = (px[i] << 16) | (px[i + 1] << 8) | px[i + 2];
    if (!colours[key]) { colours[key] = 1; n++; }
  }
  var out = document.createElement('pre'); out.id = 'result';
  out.textContent = c.width + 'x' + c.height + ' background=' + px[0] + ',' + px[1] + ',' + px[2] +
    ' differing=' + differ + ' colours=' + n;
  document.body.appendChild(out);
}
var img = document.getElementById('shot');
if (img.complete) count(); else img.addEventListener('load', count);
</script></body></html>"#;

/// A screenshot at 1280×900 (`chromium --headless --screenshot`) is a PNG of the viewport's
/// size, and it is not blank: on the white background, text and rules paint a good share of
/// pixels in many colours (anti-aliasing). The DOM the browser ends with, scripts on, shows
/// the class sections in their order and the filter box shown by the script.
#[test]
fn docs_html_screenshot_has_the_viewports_size_and_is_not_blank() {
    let dir = tempfile::tempdir().unwrap();
    let page = reference(&dir, &[]);
    let shot = dir.path().join("reference.png");
    run_chromium(&[
        "--window-size=1280,900",
        &format!("--screenshot={}", shot.display()),
        &format!("file://{}", page.display()),
    ]);
    let png = std::fs::read(&shot).expect("chromium wrote the screenshot");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    assert_eq!(&png[12..16], b"IHDR");
    let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    assert_eq!((size(16), size(20)), (1280, 900), "the viewport's size");

    let probe_path = dir.path().join("pixels.html");
    std::fs::write(&probe_path, PIXEL_PROBE.replace("BASE64", &base64(&png))).unwrap();
    let dom = chromium_dom(&format!("file://{}", probe_path.display()), &[]);
    let report = result(&dom);
    let number = |name: &str| -> u64 {
        let at = report
            .find(&format!("{name}="))
            .unwrap_or_else(|| panic!("{report}"));
        let rest = &report[at + name.len() + 1..];
        rest[..rest.find(' ').unwrap_or(rest.len())]
            .parse()
            .unwrap()
    };
    assert!(
        report.starts_with("1280x900 background=255,255,255 "),
        "{report}"
    );
    let share = number("differing") as f64 / (1280.0 * 900.0);
    assert!((0.02..0.6).contains(&share), "{report}: {share}");
    assert!(number("colours") > 32, "{report}");

    let dom = chromium_dom(&format!("file://{}", page.display()), &[]);
    let sections: Vec<usize> = [
        "index",
        "class-transient",
        "class-conflict",
        "class-precondition_failed",
        "class-permanent",
        "inactive",
    ]
    .iter()
    .map(|id| {
        dom.find(&format!("<section id=\"{id}\""))
            .unwrap_or_else(|| panic!("{id}"))
    })
    .collect();
    assert!(sections.windows(2).all(|w| w[0] < w[1]), "{sections:?}");
    assert!(
        !dom.contains("<section id=\"class-ambiguous\""),
        "a class without codes has no section"
    );
    assert!(
        dom.contains("<input id=\"q\" type=\"search\" placeholder=\"filter codes\" aria-label=\"filter codes\">"),
        "the script shows the filter box"
    );
}

/// `--lang pt-BR` writes the page's own words in Portuguese (failwise's own codes' examples
/// too, from the binary's translations); the catalog's texts stay as written.
#[test]
fn docs_html_reads_in_pt_br_with_lang() {
    let dir = tempfile::tempdir().unwrap();
    let page = std::fs::read_to_string(reference(&dir, &["--lang", "pt-BR"])).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"pt-BR\">"));
    for words in [
        "<title>códigos de erro de atomwrite</title>",
        "<h2 id=\"index-title\">Índice</h2>",
        "<h4>O que um agente pode fazer</h4>",
        "<h4>Envelope de exemplo</h4>",
        "<h2 id=\"inactive-title\">Códigos obsoletos e aposentados</h2>",
        "<span class=\"badge badge-retired\">aposentado</span>",
        "<th scope=\"col\">status de saída</th>",
        "A própria requisição está errada",
    ] {
        assert!(page.contains(words), "{words}");
    }
    for english in [
        "What an agent may do",
        "Example envelope",
        "Index",
        "The request itself is wrong",
    ] {
        assert!(!page.contains(english), "{english}");
    }
    assert!(
        page.contains("<code>file not found: {path}</code>"),
        "the catalog's own text"
    );
    let english = std::fs::read_to_string(reference(&dir, &["--lang", "en"])).unwrap();
    assert!(english.contains("<h4>What an agent may do</h4>"));

    let own = failwise(&["--lang", "pt-BR", "catalog", "docs", "--to", "html"]);
    assert_eq!(own.status, 0, "{}", own.stderr);
    assert!(
        own.stdout.contains(
            "&quot;message&quot;:&quot;não foi possível ler &lt;path&gt;: &lt;reason&gt;&quot;"
        ),
        "failwise's own example in Portuguese"
    );
    assert!(own.stdout.contains("&quot;lang&quot;:&quot;pt-BR&quot;"));
}
