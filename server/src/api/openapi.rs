//! What the OpenAPI document says of every operation besides the outcomes its handler lists:
//! the answers of the layers every request passes before and around its handler (the session,
//! the extractors, the body limit, the database pool), and the one body every failure wears.
//! Written once here, so an operation's own `responses(...)` lists only what its rules decide,
//! and the document stays exact for each operation (the contract run, `contract/run.sh`, checks
//! every answer against it).

use std::collections::BTreeMap;

use utoipa::openapi::path::Operation;
use utoipa::openapi::schema::{
    KnownFormat, Object, ObjectBuilder, Schema, SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::{Content, OpenApi, Ref, RefOr, Required, Response};
use utoipa::Number;

/// The name of the failure body in `components.schemas`.
const FAILURE: &str = "Failure";

/// Adds the answers every operation shares, and the failure body to every answer but 200.
pub fn complete(doc: &mut OpenApi) {
    let components = doc.components.get_or_insert_with(Default::default);
    components
        .schemas
        .insert(FAILURE.to_owned(), RefOr::T(failure()));
    let schemas = components.schemas.clone();
    for item in doc.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            complete_operation(operation, &schemas);
        }
    }
}

fn complete_operation(operation: &mut Operation, schemas: &BTreeMap<String, RefOr<Schema>>) {
    // An empty body reads as `{}` (`api::extract::Input`): a body none of whose fields is
    // required may be left out.
    if let Some(body) = operation.request_body.as_mut() {
        let requires_nothing = body.content.values().all(|content| {
            let schema = match &content.schema {
                Some(RefOr::Ref(r)) => r
                    .ref_location
                    .rsplit('/')
                    .next()
                    .and_then(|name| schemas.get(name)),
                other => other.as_ref(),
            };
            matches!(schema, Some(RefOr::T(Schema::Object(o))) if o.required.is_empty())
        });
        if requires_nothing {
            body.required = Some(Required::False);
        }
    }
    let signed_in = operation.security.as_ref().is_some_and(|s| !s.is_empty());
    let has_parameters = operation.parameters.as_ref().is_some_and(|p| !p.is_empty());
    let has_body = operation.request_body.is_some();
    for parameter in operation.parameters.iter_mut().flatten() {
        if let Some(RefOr::T(Schema::Object(schema))) = parameter.schema.as_mut() {
            widen_unsigned(schema);
        }
    }
    if signed_in {
        shared(
            operation,
            "401",
            "No session, or it has expired: 'Login has expired, please log in again'.",
        );
    }
    if has_parameters || has_body {
        shared(
            operation,
            "400",
            "The input does not parse or breaks a rule; `msg` says which.",
        );
    }
    if has_body {
        shared(operation, "413", "The body is over 16 MB.");
    }
    shared(
        operation,
        "503",
        "The database is not answering; try again after `Retry-After` seconds.",
    );
    for (status, response) in operation.responses.responses.iter_mut() {
        if status.as_str() == "200" {
            continue;
        }
        if let RefOr::T(response) = response {
            if response.content.is_empty() {
                response.content.insert(
                    "application/json".to_owned(),
                    Content::new(Some(Ref::from_schema_name(FAILURE))),
                );
            }
        }
    }
}

/// utoipa writes a `u32` as `int32` with minimum 0, which says the numbers from 2^31 up are
/// refused where the server reads them: it says the whole range instead.
fn widen_unsigned(schema: &mut Object) {
    let int32 = matches!(
        schema.format,
        Some(SchemaFormat::KnownFormat(KnownFormat::Int32))
    );
    let from_zero = match schema.minimum {
        Some(Number::Int(n)) => n == 0,
        Some(Number::UInt(n)) => n == 0,
        Some(Number::Float(n)) => n.to_bits() == 0f64.to_bits(),
        None => false,
    };
    if int32 && from_zero && schema.maximum.is_none() {
        schema.format = Some(SchemaFormat::KnownFormat(KnownFormat::Int64));
        schema.maximum = Some(Number::UInt(u32::MAX as usize));
    }
}

/// Adds `status` with `description` unless the operation lists it already.
fn shared(operation: &mut Operation, status: &str, description: &str) {
    operation
        .responses
        .responses
        .entry(status.to_owned())
        .or_insert_with(|| RefOr::T(Response::new(description)));
}

/// `{code, msg, data}` of a failure: `code` the HTTP status, `msg` the localized message, `data`
/// null or what the app needs to offer a way on (`api::error`).
fn failure() -> Schema {
    Schema::Object(
        ObjectBuilder::new()
            .property(
                "code",
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(400))
                    .maximum(Some(599)),
            )
            .required("code")
            .property("msg", ObjectBuilder::new().schema_type(Type::String))
            .required("msg")
            .property(
                "data",
                ObjectBuilder::new()
                    .schema_type(SchemaType::AnyValue)
                    .description(Some(
                        "null; `{upgrade: true}` on a membership-only feature; \
                         `{recharge: \"gold\"}` or `{recharge: \"character\"}` when coins or \
                         characters are short",
                    )),
            )
            .required("data")
            .build(),
    )
}
