import { SaxesParser } from 'saxes';

export interface XmlElement {
  /** Local name, without prefix. */
  name: string;
  namespace: string;
  children: XmlElement[];
  text: string;
}

/**
 * Parses a document with saxes, a strict XML 1.0 + namespaces parser: anything not well-formed
 * (an unescaped '&', a tag left open, a character XML forbids) throws, which is the check.
 */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.local, namespace: tag.uri, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    stack.push(element);
    root ??= element;
  });
  parser.on('text', (chunk) => {
    const current = stack.at(-1);
    if (current) current.text += chunk;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text).close();
  if (!root) throw new Error('no root element');
  return root;
}

/** The text of each child element `name` of each entry (<url> or <sitemap>), by entry. */
export function entries(root: XmlElement): { loc: string; lastmod: string | undefined }[] {
  return root.children.map((entry) => {
    const loc = entry.children.find((child) => child.name === 'loc')?.text;
    if (loc === undefined) throw new Error(`<${entry.name}> without <loc>`);
    return { loc, lastmod: entry.children.find((child) => child.name === 'lastmod')?.text };
  });
}
