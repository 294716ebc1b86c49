/** A schema as the tests call it: zod's `safeParse` on any body. */
interface Schema {
  safeParse: (body: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** What `schema` refuses in `body`: each issue as its dotted path and its message, in order; undefined if it accepts. */
export function schemaProblems(schema: Schema, body: unknown): string[][] | undefined {
  return schema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
}
