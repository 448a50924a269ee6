// office-addin-mock imports only this enum from office-addin-manifest (whose ESM-only dependencies jest cannot load).
export enum OfficeApp {
  Excel = "excel",
  OneNote = "onenote",
  Outlook = "outlook",
  PowerPoint = "powerpoint",
  Project = "project",
  Word = "word",
}
