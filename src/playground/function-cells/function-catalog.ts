import type { FunctionsMetadata } from "../custom-functions";

export interface CatalogEntry {
  /** The id the functions bundle associates (`CustomFunctions.associate(id, fn)`). */
  id: string;
  /** As the user types it: NAMESPACE.NAME. */
  qualifiedName: string;
  streaming: boolean;
  /** Recalculated on every calculation, and when a workbook opens (Excel-Custom-Functions#368). */
  volatile: boolean;
  /** Its invocation carries the arguments' addresses (`requiresParameterAddresses` / `requiresStreamParameterAddresses`). */
  parameterAddresses: boolean;
}

/**
 * Formula names → custom function ids, from functions.json. Excel shows a custom function as
 * `<namespace>.<name>`, the namespace coming from the manifest (`Functions.Namespace`).
 */
export class FunctionCatalog {
  private readonly byName = new Map<string, CatalogEntry>();

  constructor(
    metadata: FunctionsMetadata,
    readonly namespace: string,
  ) {
    for (const fn of metadata.functions) {
      const qualifiedName = `${namespace}.${fn.name}`.toUpperCase();
      this.byName.set(qualifiedName, {
        id: fn.id,
        qualifiedName,
        streaming: fn.options?.stream === true,
        volatile: fn.options?.volatile === true,
        parameterAddresses:
          fn.options?.requiresParameterAddresses === true || fn.options?.requiresStreamParameterAddresses === true,
      });
    }
  }

  /** The function a formula calls, or undefined. */
  lookup(name: string): CatalogEntry | undefined {
    return this.byName.get(name.toUpperCase());
  }

  /** True for names in the add-in's namespace: unknown ones there are #NAME?, not the workbook's business. */
  inNamespace(name: string): boolean {
    return name.toUpperCase().startsWith(`${this.namespace.toUpperCase()}.`);
  }

  /** The names a formula can call: those whose function the bundle registered (`registered`: ids in upper case). */
  callableNames(registered: readonly string[]): string[] {
    return [...this.byName.values()].filter((e) => registered.includes(e.id.toUpperCase())).map((e) => e.qualifiedName);
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }
}
