/** An element of a parsed XML document (tests only: enough XML to check what we write). */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded. */
  text: string;
}

const NAME = /^[A-Za-z_:][\w.:-]*/;
const ATTR = /^\s+([A-Za-z_:][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);/g;
const DECODE: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (raw.replaceAll(ENTITY, '').includes('&')) throw new Error(`bare & near offset ${at}`);
  return raw.replaceAll(ENTITY, (e) => {
    const body = e.slice(1, -1);
    if (body.startsWith('#x')) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(parseInt(body.slice(1), 10));
    return DECODE[body]!;
  });
}

/**
 * Parses a well-formed XML document (prolog, comments, elements, attributes, text, the five
 * entities and character references) and throws on anything malformed: unbalanced or
 * mismatched tags, unquoted attributes, duplicate attributes, a bare `&` or `<`, or not
 * exactly one root element.
 */
export function parseXml(xml: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`);
  };
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (stack.length) stack[stack.length - 1]!.text += decode(text, i);
    else if (text.trim()) fail('text outside the root');
    if (lt < 0) break;
    i = lt;
    if (xml.startsWith('<?', i)) {
      const end = xml.indexOf('?>', i);
      if (end < 0 || root || stack.length) fail('bad processing instruction');
      i = end + 2;
    } else if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i);
      if (end < 0) fail('unclosed comment');
      i = end + 3;
    } else if (xml.startsWith('</', i)) {
      const name = NAME.exec(xml.slice(i + 2))?.[0] ?? fail('bad end tag');
      const open = stack.pop();
      if (open?.name !== name) fail(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      i += 2 + name.length;
      const close = /^\s*>/.exec(xml.slice(i)) ?? fail('unclosed end tag');
      i += close[0].length;
    } else {
      const name = NAME.exec(xml.slice(i + 1))?.[0] ?? fail('bad start tag');
      if (!stack.length && root) fail('second root element');
      const el: XmlElement = { name, attrs: {}, children: [], text: '' };
      i += 1 + name.length;
      for (let m = ATTR.exec(xml.slice(i)); m; m = ATTR.exec(xml.slice(i))) {
        if (m[1]! in el.attrs) fail(`duplicate attribute ${m[1]}`);
        el.attrs[m[1]!] = decode(m[3] ?? m[4] ?? '', i);
        i += m[0].length;
      }
      const close = /^\s*(\/?)>/.exec(xml.slice(i)) ?? fail(`malformed <${name}>`);
      i += close[0].length;
      if (stack.length) stack[stack.length - 1]!.children.push(el);
      else root = el;
      if (!close[1]) stack.push(el);
    }
  }
  if (stack.length) fail(`unclosed <${stack[stack.length - 1]!.name}>`);
  return root ?? fail('no root element');
}

/** Every element under `el` (itself included), depth first. */
export function allElements(el: XmlElement): XmlElement[] {
  return [el, ...el.children.flatMap(allElements)];
}
