import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { OperationDetails } from "@/components/labs/operation-details";
import { Panel } from "@/components/ui/panel";

// Renders the OpenAPI document (lib/platform/openapi.ts) as a readable page:
// operations grouped by area, each with its parameters, body and answers,
// schemas as nested field lists. Server component, no client code.

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  const?: unknown;
  enum?: unknown[];
  description?: string;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: boolean | Schema;
};

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type MediaType = { schema?: Schema };
type Response = { description?: string; content?: Record<string, MediaType>; $ref?: string };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  "x-labs-auth"?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, Response>;
};
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; responses?: Record<string, Response> };
};

const METHOD_STYLE: Record<string, string> = {
  get: "bg-info-surface text-info",
  post: "bg-success-surface text-success",
  put: "bg-warn-surface text-warn",
  patch: "bg-warn-surface text-warn",
  delete: "bg-danger-surface text-danger",
};

// The document's tags are the areas, named as the reader's menu names them.
const AREAS = ["scan", "ask", "research", "labs"] as const;
const areaOf = (tag: string) => AREAS.find((area) => area === tag.toLowerCase());

// The operations' summaries and the schemas' descriptions are the API's own
// words, in English: they are marked so (lang="en") for screen readers.
export function ApiReference({ doc }: { doc: OpenApiDocument }) {
  const t = useTranslations("labs.apiDocs");
  const nav = useTranslations("common.nav");
  const tagName = (tag: string) => {
    const area = areaOf(tag);
    return area ? nav(area) : tag;
  };
  const tagDescription = (tag: { name: string; description?: string }) => {
    const area = areaOf(tag.name);
    return area ? t(`tags.${area}`) : tag.description;
  };
  const resolve = makeResolver(doc);
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
  const tags = doc.tags ?? [];
  return (
    <div className="space-y-8 ui-b:space-y-4">
      <Panel as="nav" aria-label={t("endpoints")}>
        {tags.map((tag) => {
          const inTag = operations.filter(({ operation }) => operation.tags?.[0] === tag.name);
          if (inTag.length === 0) return null;
          return (
            <div key={tag.name} className="mb-3 last:mb-0">
              <h2 className="text-sm font-semibold">{tagName(tag.name)}</h2>
              <ul className="mt-1 space-y-0.5 text-sm">
                {inTag.map(({ path, method, operation }) => (
                  <li key={`${method} ${path}`} className="flex min-w-0 items-baseline gap-2">
                    <MethodBadge method={method} />
                    <a
                      href={`#${operation.operationId}`}
                      translate="no"
                      className="block min-h-[24px] min-w-0 py-0.5 font-mono break-all text-link underline underline-offset-2"
                    >
                      {path}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </Panel>
      {tags.map((tag) => {
        const inTag = operations.filter(({ operation }) => operation.tags?.[0] === tag.name);
        if (inTag.length === 0) return null;
        return (
          <section key={tag.name} aria-labelledby={`tag-${tag.name}`} className="space-y-2">
            <header>
              <h2 id={`tag-${tag.name}`} className="text-xl font-semibold">
                {tagName(tag.name)}
              </h2>
              {tagDescription(tag) ? <p className="text-muted">{tagDescription(tag)}</p> : null}
            </header>
            {inTag.map(({ path, method, operation }) => (
              <OperationCard
                key={`${method} ${path}`}
                path={path}
                method={method}
                operation={operation}
                resolve={resolve}
              />
            ))}
          </section>
        );
      })}
    </div>
  );
}

function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-block w-14 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold uppercase ${METHOD_STYLE[method] ?? "bg-sunken text-fg"}`}
    >
      {method}
    </span>
  );
}

type Resolve = (schema: Schema | undefined) => Schema | undefined;

function makeResolver(doc: OpenApiDocument): Resolve {
  return (schema) => {
    if (!schema?.$ref) return schema;
    const name = schema.$ref.split("/").pop() ?? "";
    return {
      ...doc.components?.schemas?.[name],
      description: schema.description ?? doc.components?.schemas?.[name]?.description,
    };
  };
}

function OperationCard(props: { path: string; method: string; operation: Operation; resolve: Resolve }) {
  const t = useTranslations("labs.apiDocs.operation");
  const { path, method, operation, resolve } = props;
  const params = operation.parameters ?? [];
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries(operation.responses ?? {});
  const success = responses.filter(([status]) => status.startsWith("2"));
  const failures = responses.filter(([status]) => !status.startsWith("2"));
  const auth = operation["x-labs-auth"];
  // Folded to its first lines, so the page is a list to scan on a phone; the
  // endpoint list's links (and any #operationId link) unfold their operation.
  return (
    <OperationDetails
      id={operation.operationId}
      className="surface group min-w-0 scroll-mt-4 rounded-xl border border-line bg-surface shadow-sm ui-b:rounded"
      summary={
        // A flex summary has no marker of its own: this one turns when the operation unfolds.
        <summary className="flex cursor-pointer items-start gap-2 rounded-xl p-4 ui-b:p-2">
          <span
            aria-hidden="true"
            className="mt-0.5 shrink-0 text-xs text-muted transition-transform group-open:rotate-90"
          >
            ▶
          </span>
          <div className="min-w-0 flex-1">
            <h3 className="flex flex-wrap items-baseline gap-2">
              <MethodBadge method={method} />
              <code translate="no" className="font-mono text-sm font-semibold break-all">
                {path}
              </code>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${auth === "operator" ? "bg-warn-surface text-warn" : "bg-sunken text-fg"}`}
              >
                {auth === "operator" ? t("operator") : t("public")}
              </span>
            </h3>
            {operation.summary ? (
              <p lang="en" className="mt-1">
                {operation.summary}
              </p>
            ) : null}
          </div>
        </summary>
      }
    >
      <div className="px-4 pb-4 ui-b:px-2 ui-b:pb-2">
        {params.length ? (
          <Block title={t("parameters")}>
            <ul className="space-y-1">
              {params.map((param) => (
                <li key={`${param.in} ${param.name}`}>
                  <Field
                    name={param.name}
                    required={param.required ?? false}
                    schema={resolve(param.schema)}
                    note={param.in}
                    resolve={resolve}
                  />
                </li>
              ))}
            </ul>
          </Block>
        ) : null}

        {body ? (
          <Block title={t("body")}>
            <SchemaView schema={resolve(body)} resolve={resolve} />
          </Block>
        ) : null}

        {success.map(([status, response]) => {
          const schema = response.content?.["application/json"]?.schema;
          return (
            <Block key={status} title={t("answer", { status })}>
              {schema ? (
                <SchemaView schema={resolve(schema)} resolve={resolve} />
              ) : (
                <p lang="en">{response.description}</p>
              )}
            </Block>
          );
        })}

        {failures.length ? (
          <Block title={t("errors")}>
            <ul className="space-y-0.5 text-sm">
              {failures.map(([status, response]) => (
                <li key={status}>
                  <span className="font-mono font-semibold">{status}</span>{" "}
                  <span lang="en">{response.description}</span>
                </li>
              ))}
            </ul>
          </Block>
        ) : null}
      </div>
    </OperationDetails>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-3 ui-b:mt-1.5">
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h4>
      <div className="mt-1">{children}</div>
    </div>
  );
}

function SchemaView({ schema, resolve }: { schema: Schema | undefined; resolve: Resolve }) {
  if (!schema)
    return (
      <span lang="en" className="text-muted">
        any
      </span>
    );
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length) {
    return (
      <ul className="space-y-1 border-l-2 border-line pl-3">
        {properties.map(([name, property]) => (
          <li key={name}>
            <Field
              name={name}
              required={schema.required?.includes(name) ?? false}
              schema={resolve(property)}
              resolve={resolve}
            />
          </li>
        ))}
      </ul>
    );
  }
  return <TypeLabel schema={schema} resolve={resolve} />;
}

function Field(props: {
  name: string;
  required: boolean;
  schema: Schema | undefined;
  note?: string;
  resolve: Resolve;
}) {
  const { name, required, schema, note, resolve } = props;
  const nested = nestedObject(schema, resolve);
  return (
    <div className="text-sm">
      <code className="font-mono font-semibold">{name}</code>
      {required ? null : <span className="text-muted">?</span>} <TypeLabel schema={schema} resolve={resolve} />
      {note ? <span className="ml-1 text-xs text-muted">({note})</span> : null}
      {schema?.description ? (
        <span lang="en" className="block text-muted">
          {schema.description}
        </span>
      ) : null}
      {nested ? (
        <div className="mt-1">
          <SchemaView schema={nested} resolve={resolve} />
        </div>
      ) : null}
    </div>
  );
}

/** The object inside a field (directly, in an array, or as the non-null branch), to show its fields. */
function nestedObject(schema: Schema | undefined, resolve: Resolve): Schema | undefined {
  const plain = resolve(schema);
  if (!plain) return undefined;
  if (plain.properties) return plain;
  if (plain.items) return nestedObject(plain.items, resolve);
  const branches = (plain.anyOf ?? plain.oneOf ?? []).map(resolve).filter((branch) => branch?.type !== "null");
  if (branches.length === 1) return nestedObject(branches[0], resolve);
  return undefined;
}

function TypeLabel({ schema, resolve }: { schema: Schema | undefined; resolve: Resolve }) {
  return (
    <span lang="en" className="font-mono text-xs break-words text-muted">
      {describeType(schema, resolve)}
    </span>
  );
}

function describeType(schema: Schema | undefined, resolve: Resolve): string {
  const plain = resolve(schema);
  if (!plain) return "any";
  if (plain.const !== undefined) return JSON.stringify(plain.const);
  if (plain.enum) {
    const values = plain.enum.map((value) => JSON.stringify(value)).join(" | ");
    return plain.default !== undefined ? `${values} (default ${JSON.stringify(plain.default)})` : values;
  }
  const branches = plain.anyOf ?? plain.oneOf;
  if (branches) return branches.map((branch) => describeType(branch, resolve)).join(" | ");
  if (plain.allOf) return plain.allOf.map((branch) => describeType(branch, resolve)).join(" & ");
  const type = Array.isArray(plain.type) ? plain.type.join(" | ") : plain.type;
  if (type === "array") return `${describeType(plain.items, resolve)}[]`;
  const limits = [
    plain.format,
    plain.minimum !== undefined && plain.minimum > -1e15 ? `≥ ${plain.minimum}` : null,
    plain.maximum !== undefined && plain.maximum < 1e15 ? `≤ ${plain.maximum}` : null,
    plain.minLength ? `${plain.minLength}+ chars` : null,
    plain.maxLength ? `≤ ${plain.maxLength} chars` : null,
    plain.default !== undefined ? `default ${JSON.stringify(plain.default)}` : null,
  ].filter(Boolean);
  return `${type ?? (plain.properties ? "object" : "any")}${limits.length ? ` (${limits.join(", ")})` : ""}`;
}
