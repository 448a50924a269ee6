/**
 * The add-in's manifest id (manifest.xml's `<Id>`), as a workbook file names the add-in in its web-extension part
 * (`<we:reference id>`): the part whose property bag holds the add-in's document settings. A test holds it to
 * manifest.xml.
 */
export const ADDIN_MANIFEST_ID = "9e067eea-3880-4a32-a0df-136e5e31f28e";
