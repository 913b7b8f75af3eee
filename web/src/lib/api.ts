// The typed face of request(): every call names a path and method of the server's OpenAPI
// document (api-schema.d.ts), takes the query, path parameters and body that operation takes, and
// answers the `data` of its 200 envelope. Nothing here exists at run time beyond filling in the path.
import type { paths } from './api-schema';
import { type API_BASE, type Method, type RequestOptions, request } from './request';

type Verb = 'get' | 'post' | 'put' | 'delete';

/** The document's entry for a path written without the /prod-api prefix that request() adds. */
type PathItem<P extends string> = paths[Extract<`${typeof API_BASE}${P}`, keyof paths>];

/** The paths that answer a verb, as callers write them ('/getInfo'). */
export type ApiPath<V extends Verb> = {
  [K in keyof paths]: [NonNullable<paths[K][V]>] extends [never]
    ? never
    : K extends `${typeof API_BASE}${infer P}`
      ? P
      : never;
}[keyof paths];

/** What calls need of an operation of the document. */
interface Operation {
  parameters: { query?: unknown; path?: unknown };
  requestBody?: { content: object };
  responses: { 200: { content: { 'application/json': { code: number; msg: string } } } };
}

type OperationAt<V extends Verb, P extends ApiPath<V>> = Extract<
  NonNullable<PathItem<P>[V]>,
  Operation
>;

/** An option as the operation has it: required, optional, or not taken at all. */
type Slot<Name extends string, Holder, Key extends keyof Holder> = [
  NonNullable<Holder[Key]>,
] extends [never]
  ? { [N in Name]?: never }
  : object extends Pick<Holder, Key>
    ? { [N in Name]?: Holder[Key] }
    : { [N in Name]: Holder[Key] };

/** The body: form-encoded operations must say `form`; JSON ones must not. */
type BodySlot<Op extends Operation> = [NonNullable<Op['requestBody']>] extends [never]
  ? { body?: never; form?: boolean }
  : NonNullable<Op['requestBody']>['content'] extends {
        'application/x-www-form-urlencoded': infer Form;
      }
    ? { body: Form; form: true }
    : NonNullable<Op['requestBody']>['content'] extends { 'application/json': infer Json }
      ? { body: Json; form?: false }
      : never;

/** How a call is made, whatever the operation (see RequestOptions). */
export type CallOptions = Pick<
  RequestOptions,
  'handleUnauthorized' | 'silent' | 'quietUpgrade' | 'token' | 'signal'
>;

type ApiInit<Op extends Operation> = CallOptions &
  Slot<'query', Op['parameters'], 'query'> &
  Slot<'path', Op['parameters'], 'path'> &
  BodySlot<Op>;

/** The query string an operation takes, as `{name: value}`. */
export type ApiQuery<V extends Verb, P extends ApiPath<V>> = NonNullable<
  OperationAt<V, P>['parameters']['query']
>;

/** The init argument, left out where the operation needs nothing from it. */
type InitArgs<Op extends Operation> =
  object extends ApiInit<Op> ? [init?: ApiInit<Op>] : [init: ApiInit<Op>];

/** What a successful call answers: the envelope's `data`. */
type ApiData<Op extends Operation> = Op['responses'][200]['content']['application/json'] extends {
  data: infer Data;
}
  ? Data
  : never;

type Scalar = string | number | boolean | null | undefined;

interface LooseInit extends CallOptions {
  query?: Record<string, Scalar>;
  path?: Record<string, string | number>;
  body?: unknown;
  form?: boolean;
}

/** `/system/like/opera/{id}` with `{id: 7}`: `/system/like/opera/7`. */
export function fillPath(path: string, values: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
}

function endpoint<V extends Verb>(verb: V) {
  const method = verb.toUpperCase() as Method;
  return <P extends ApiPath<V>>(
    path: P,
    ...[init]: InitArgs<OperationAt<V, P>>
  ): Promise<ApiData<OperationAt<V, P>>> => {
    const { query, path: values, body, ...options } = (init ?? {}) as LooseInit;
    return request({ ...options, url: fillPath(path, values), method, params: query, data: body });
  };
}

export const api = {
  get: endpoint('get'),
  post: endpoint('post'),
  put: endpoint('put'),
  delete: endpoint('delete'),
};

/**
 * A request type narrowed from the schema's: `T` when each of its fields is one the schema has,
 * of a type the schema takes, so a field the server renames or retypes fails here.
 */
export type Narrowed<Schema, T extends Schema & Record<Exclude<keyof T, keyof Schema>, never>> = T;
