export type ParameterType = "text" | "number" | "date" | "enum";

export interface QueryParameter {
  key: string;
  type: ParameterType;
  /** The default, as text (the saved-query file's convention). */
  value: string;
  enumOptions?: string[];
}

/** One entry of the saved-queries file. `sql` is DuckDB SQL with `{{key}}` placeholders. */
export interface SavedQuery {
  query_id: number;
  name: string;
  sql: string;
  owner: string;
  team: string | null;
  is_private: boolean;
  parameters: QueryParameter[];
}
