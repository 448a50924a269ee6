/** Loads scripts one after another, each after the previous one ran (the add-in bundles' order matters). */
export async function loadScripts(sources: readonly string[], doc: Document = document): Promise<void> {
  for (const src of sources) {
    await new Promise<void>((resolve, reject) => {
      const script = doc.createElement("script");
      script.src = src;
      script.async = false;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`Could not load ${src}`));
      doc.head.appendChild(script);
    });
  }
}
