//! Expand: writes `impl ::failwise::__private::Catalog` for a checked enum, naming only
//! `::failwise::__private` and `::core` paths; the output is what a person could write by hand.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::parse::{Model, Role, Shape};
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

/// `const _: &[u8] = include_bytes!("/abs/src/i18n/en.ftl");` for the Fluent file the texts
/// were read from, so that cargo rebuilds the crate when the file changes.
fn track_ftl(model: &Model) -> Option<TokenStream> {
    let path = model.ftl.as_ref()?.path.as_deref()?;
    Some(quote!(
        const _: &[u8] = ::core::include_bytes!(#path);
    ))
}

/// The impl for a declaration without problems.
pub fn expand(model: &Model, codes: &[Checked]) -> TokenStream {
    let head = header(model);
    let (tool, url) = tool_and_url(model);
    let mut specs = Vec::new();
    let mut spec_arms = Vec::new();
    let mut param_arms = Vec::new();
    let mut wait_arms = Vec::new();
    let mut source_arms = Vec::new();
    for (i, (v, c)) in model.variants.iter().zip(codes).enumerate() {
        let vi = &v.ident;
        let fields = v.shape.fields();
        let params: Vec<&syn::Ident> = fields
            .iter()
            .filter(|f| f.is_param())
            .map(|f| &f.ident)
            .collect();
        let param_names: Vec<String> = params.iter().map(ToString::to_string).collect();
        if let Some(f) = fields.iter().find(|f| f.retry_after) {
            let ident = &f.ident;
            wait_arms.push(quote!(Self::#vi { #ident, .. } => ::failwise::__private::RetryAfter::retry_after_ms(#ident)));
        }
        if let Some(f) = fields.iter().find(|f| f.role == Role::Source) {
            let ident = &f.ident;
            source_arms.push(quote!(Self::#vi { #ident, .. } => ::core::option::Option::Some(#ident.as_dyn_error())));
        }
        let (code, exit, message, recovery, doc) =
            (&c.code, c.exit, &c.message, &c.recovery, &v.doc);
        let class = format_ident!("{}", c.class);
        let retry = format_ident!("{}", c.retry);
        let status = format_ident!("{}", c.status);
        let since = opt(c.since.as_deref());
        let replaced = opt(c.replaced_by.as_deref());
        let verify = &c.verify;
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
                verify: &[#(#verify),*],
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
                if let Some(marker) = fields.iter().find(|f| f.role == Role::Retired) {
                    let marker = &marker.ident;
                    quote!(Self::#vi { #marker, .. } => match *#marker {})
                } else {
                    quote!(Self::#vi { #(#params,)* .. } => {
                        #(::failwise::__private::insert(&mut params, #param_names, (&::failwise::__private::Field(#params)).to_param());)*
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
            #[allow(unused_imports)]
            use ::failwise::__private::{ParamByKind as _, ParamBySerde as _};
            #[allow(unused_mut)]
            let mut params = ::failwise::__private::params();
            match self { #(#param_arms)* }
            params
        }
    };
    let wait = (!wait_arms.is_empty()).then(|| {
        quote! {
            fn retry_after_ms(&self) -> ::core::option::Option<u64> {
                #[allow(unreachable_patterns)]
                match self { #(#wait_arms,)* _ => ::core::option::Option::None }
            }
        }
    });
    let source = (!source_arms.is_empty()).then(|| {
        quote! {
            fn source_error(&self) -> ::core::option::Option<&(dyn ::core::error::Error + 'static)> {
                use ::failwise::__private::AsDynError as _;
                #[allow(unreachable_patterns)]
                match self { #(#source_arms,)* _ => ::core::option::Option::None }
            }
        }
    });
    let display = model.display.then(|| display_impl(model));
    let error = model.error.then(|| error_impl(model));
    let track = track_ftl(model);
    quote! {
        #track
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
            #wait
            #source
        }
        #display
        #error
    }
}

/// `impl Display`: the message template rendered from the params, as the envelope's message.
fn display_impl(model: &Model) -> TokenStream {
    let ident = &model.ident;
    let (impl_g, ty_g, where_c) = model.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_g ::core::fmt::Display for #ident #ty_g #where_c {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::failwise::__private::display(self, f)
            }
        }
    }
}

/// `impl Error`: its `source` is the variant's source field.
fn error_impl(model: &Model) -> TokenStream {
    let ident = &model.ident;
    let (impl_g, ty_g, where_c) = model.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_g ::core::error::Error for #ident #ty_g #where_c {
            fn source(&self) -> ::core::option::Option<&(dyn ::core::error::Error + 'static)> {
                <Self as ::failwise::__private::Catalog>::source_error(self)
            }
        }
    }
}

/// The impl emitted beside compile errors: it type-checks, so the user sees the declaration's
/// problems and not a cascade of "trait not implemented".
pub fn stub(model: &Model) -> TokenStream {
    let head = header(model);
    let (tool, url) = tool_and_url(model);
    let display = model.display.then(|| display_impl(model));
    let error = model.error.then(|| error_impl(model));
    let track = track_ftl(model);
    quote! {
        #track
        #display
        #error
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
