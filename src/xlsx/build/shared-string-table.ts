import { encodeXstring, escapeText } from "../xml/entities";
import { MAIN_NS, XML_HEADER } from "./xml-parts";

/** The workbook's shared strings, as Excel keeps a cell's text: each distinct text once, cells by index. */
export class SharedStringTable {
  readonly #index = new Map<string, number>();
  #count = 0;

  indexOf(text: string): number {
    this.#count++;
    let i = this.#index.get(text);
    if (i === undefined) {
      i = this.#index.size;
      this.#index.set(text, i);
    }
    return i;
  }

  get size(): number {
    return this.#index.size;
  }

  xml(): string {
    const items = [...this.#index.keys()]
      .map((s) => {
        const space = /^\s|\s$/.test(s) ? ' xml:space="preserve"' : "";
        return `<si><t${space}>${escapeText(encodeXstring(s))}</t></si>`;
      })
      .join("");
    return `${XML_HEADER}<sst xmlns="${MAIN_NS}" count="${this.#count}" uniqueCount="${this.#index.size}">${items}</sst>`;
  }
}
