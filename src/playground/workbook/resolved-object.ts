import { EmulatedObject } from "./client-object";
import { officeError } from "./errors";

/**
 * A proxy bound to a workbook entity when the operation that created it applies (as in Office.js, where
 * `getItem`, `getRange`… are queued actions). Until then it is unresolved; `…OrNullObject` methods bind
 * to null instead of failing, and `isNullObject` tells after sync.
 */
export abstract class ResolvedObject<R> extends EmulatedObject {
  private ref: R | null | undefined;

  protected bind(payload: Record<string, unknown>, resolver: () => R | null): this {
    this.queue(payload, () => {
      this.ref = resolver();
      this.cache.set("isNullObject", this.ref === null);
    });
    return this;
  }

  /** Binds when the operation queued just before it applies (for results of queued methods). */
  bindLater(resolver: () => R | null): this {
    return this.bind({ bind: this._objectId }, resolver);
  }

  /** Binds at once: for collection items, which exist because the collection's load applied. */
  _bindResolved(ref: R): this {
    this.ref = ref;
    this.cache.set("isNullObject", false);
    return this;
  }

  protected override isNullRef(): boolean {
    return this.ref === null;
  }

  /** The bound entity; throws like Office.js when used unresolved or as a null object. */
  resolve(): R {
    if (this.ref === undefined)
      throw officeError("InvalidObjectPath", "The object path is not valid (its creating request was never synced).");
    if (this.ref === null) throw officeError("ItemNotFound", "The requested resource doesn't exist.");
    return this.revalidate(this.ref);
  }

  /** Lets subclasses check the entity still exists (a deleted sheet or table). */
  protected revalidate(ref: R): R {
    return ref;
  }

  get isNullObject(): boolean {
    return this.read<boolean>("isNullObject");
  }
}
