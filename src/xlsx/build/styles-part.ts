import { BUILT_IN_NUMBER_FORMATS, FIRST_CUSTOM_NUMBER_FORMAT } from "../read/number-format-codes";
import { escapeAttribute } from "../xml/entities";
import { MAIN_NS, XML_HEADER } from "./xml-parts";

/**
 * The workbook's cell formats as Excel's default styles part has them (one font, the two fills every workbook
 * declares, one border, the Normal style; the font without theme colour or scheme, as the package has no theme part),
 * plus one cell format per number format used. A code Excel has built in takes its id; any other is declared from
 * 164 on.
 */
export class StylesPart {
  readonly #byCode = new Map<string, number>();
  readonly #formats: { numFmtId: number; code: string }[] = [];

  /** The cell format (`s`) for a number format code; 0 (General) for none. */
  styleOf(code: string | undefined): number {
    if (code === undefined || code === "" || code === "General") return 0;
    const known = this.#byCode.get(code);
    if (known !== undefined) return known;
    const builtIn = [...BUILT_IN_NUMBER_FORMATS].find(([id, c]) => c === code && id !== 14 && id !== 22)?.[0];
    const custom = this.#formats.filter((f) => f.numFmtId >= FIRST_CUSTOM_NUMBER_FORMAT).length;
    const numFmtId = builtIn ?? FIRST_CUSTOM_NUMBER_FORMAT + custom;
    this.#formats.push({ numFmtId, code });
    const style = this.#formats.length;
    this.#byCode.set(code, style);
    return style;
  }

  xml(): string {
    const custom = this.#formats.filter((f) => f.numFmtId >= FIRST_CUSTOM_NUMBER_FORMAT);
    const numFmts = custom.length
      ? `<numFmts count="${custom.length}">${custom
          .map((f) => `<numFmt numFmtId="${f.numFmtId}" formatCode="${escapeAttribute(f.code)}"/>`)
          .join("")}</numFmts>`
      : "";
    const xfs = this.#formats
      .map((f) => `<xf numFmtId="${f.numFmtId}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`)
      .join("");
    return (
      XML_HEADER +
      `<styleSheet xmlns="${MAIN_NS}">${numFmts}` +
      '<fonts count="1"><font><sz val="11"/><name val="Aptos Narrow"/><family val="2"/>' +
      '</font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill>' +
      '<fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/>' +
      '<bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" ' +
      `borderId="0"/></cellStyleXfs><cellXfs count="${this.#formats.length + 1}"><xf numFmtId="0" fontId="0" ` +
      `fillId="0" borderId="0" xfId="0"/>${xfs}</cellXfs><cellStyles count="1"><cellStyle name="Normal" ` +
      'xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0" ' +
      'defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/></styleSheet>'
    );
  }
}
