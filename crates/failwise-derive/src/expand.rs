//! Expand: writes `impl ::failwise::__private::Catalog` for a checked enum, naming only
//! `::failwise::__private` and `::core` paths; the output is what a person could write by hand.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::parse::{Model, Shape};
use crate::validate::Checked;

fn opt(value: Option<&str>) -> TokenStream {
    match value {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    }
}

fn header(model: &Model) -> TokenStream {
    let ident = &model.ident;
    let (impl_g, ty_g, where_c) = model.generics.split_for_impl();
    quote!(#[automatically_derived] impl #impl_g ::failwise::__private::Catalog for #ident #ty_g #where_c)
}

fn tool_and_url(model: &Model) -> (TokenStream, TokenStream) {
    let tool = match &model.tool {
        Some(t) => quote!(#t),
        None => quote!(::core::env!("CARGO_PKG_NAME")),
    };
    let url = opt(model.doc_url.as_ref().map(syn::LitStr::value).as_deref());
    (tool, url)
}

/// The impl for a declaration without problems.
pub fn expand(model: &Model, codes: &[Checked]) -> TokenStream {
    let head = header(model);
    let (tool, url) = tool_and_url(model);
    let mut specs = Vec::new();
    let mut spec_arms = Vec::new();
    let mut param_arms = Vec::new();
    for (i, (v, c)) in model.variants.iter().zip(codes).enumerate() {
        let vi = &v.ident;
        let named: Vec<(&syn::Ident, bool)> = match &v.shape {
            Shape::Named(fields) => fields
                .iter()
                .map(|(f, ty)| {
                    let retired = matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Retired"));
                    (f, retired)
                })
                .collect(),
            _ => Vec::new(),
        };
        let param_names: Vec<String> = named
            .iter()
            .filter(|(_, r)| !r)
            .map(|(f, _)| f.to_string())
            .collect();
        let (code, exit, message, recovery, doc) =
            (&c.code, c.exit, &c.message, &c.recovery, &v.doc);
        let class = format_ident!("{}", c.class);
        let retry = format_ident!("{}", c.retry);
        let status = format_ident!("{}", c.status);
        let since = opt(c.since.as_deref());
        let replaced = opt(c.replaced_by.as_deref());
        specs.push(quote! {
            ::failwise::__private::CodeSpec {
                code: #code,
                exit: #exit,
                class: ::failwise::__private::ErrorClass::#class,
                retry: ::failwise::__private::Retry::#retry,
                message: #message,
                recovery: #recovery,
                params: &[#(#param_names),*],
                doc: #doc,
                since: #since,
                status: ::failwise::__private::Status::#status,
                replaced_by: #replaced,
            }
        });
        let pattern = match &v.shape {
            Shape::Unit => quote!(Self::#vi),
            Shape::Named(_) => quote!(Self::#vi { .. }),
            Shape::Unnamed(_) => quote!(Self::#vi(..)),
        };
        spec_arms.push(quote!(#pattern => &<Self as ::failwise::__private::Catalog>::CODES[#i]));
        let arm = match &v.shape {
            Shape::Unit => quote!(Self::#vi => {}),
            Shape::Unnamed(types) if types.is_empty() => quote!(Self::#vi() => {}),
            Shape::Unnamed(_) => quote!(Self::#vi(retired) => match *retired {}),
            Shape::Named(_) => {
                if let Some((marker, _)) = named.iter().find(|(_, r)| *r) {
                    quote!(Self::#vi { #marker, .. } => match *#marker {})
                } else {
                    let idents: Vec<&syn::Ident> = named.iter().map(|(f, _)| *f).collect();
                    let names: Vec<String> = idents.iter().map(ToString::to_string).collect();
                    quote!(Self::#vi { #(#idents),* } => {
                        #(::failwise::__private::insert(&mut params, #names, ::failwise::__private::param(#idents));)*
                    })
                }
            }
        };
        param_arms.push(arm);
    }
    let spec_body = if spec_arms.is_empty() {
        quote!(match *self {})
    } else {
        quote!(match self { #(#spec_arms,)* })
    };
    let params_body = if param_arms.is_empty() {
        quote!(match *self {})
    } else {
        quote! {
            #[allow(unused_mut)]
            let mut params = ::failwise::__private::params();
            match self { #(#param_arms)* }
            params
        }
    };
    quote! {
        #head {
            const TOOL: &'static str = #tool;
            const VERSION: &'static str = ::core::env!("CARGO_PKG_VERSION");
            const DOC_URL: ::core::option::Option<&'static str> = #url;
            const CODES: &'static [::failwise::__private::CodeSpec] = &[#(#specs),*];
            fn spec(&self) -> &'static ::failwise::__private::CodeSpec {
                #spec_body
            }
            fn params(&self) -> ::failwise::__private::Params {
                #params_body
            }
        }
    }
}

/// The impl emitted beside compile errors: it type-checks, so the user sees the declaration's
/// problems and not a cascade of "trait not implemented".
pub fn stub(model: &Model) -> TokenStream {
    let head = header(model);
    let (tool, url) = tool_and_url(model);
    quote! {
        #head {
            const TOOL: &'static str = #tool;
            const VERSION: &'static str = ::core::env!("CARGO_PKG_VERSION");
            const DOC_URL: ::core::option::Option<&'static str> = #url;
            const CODES: &'static [::failwise::__private::CodeSpec] = &[];
            fn spec(&self) -> &'static ::failwise::__private::CodeSpec {
                ::core::unimplemented!("the #[derive(Catalog)] declaration has compile errors")
            }
            fn params(&self) -> ::failwise::__private::Params {
                ::core::unimplemented!("the #[derive(Catalog)] declaration has compile errors")
            }
        }
    }
}
