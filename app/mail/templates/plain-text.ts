import { compile, type DomNode, type FormatCallback } from "html-to-text";

/**
 * The plain-text part of an e-mail, derived from its rendered HTML so that
 * every sentence is written once (issue 25). The attributes it keys on are
 * set by ./layout.tsx:
 * - a row of `Details` (`tr[data-detail]`) is one line, "Datum: 01.12.2026";
 * - a link shows its address after its text, "Meinen Termin ansehen <https://…>"
 *   (angle brackets: RFC 3986, appendix C), unless the text is the address;
 * - the frame's cells are blocks; the footer (`td[data-footer]`) follows the
 *   signature delimiter "-- ", so mail clients may fold it.
 * Line breaks inside a value (a message, a reason) are kept; lines are never
 * wrapped, so a sentence stays on one line.
 */

const isTag = (node: DomNode) => node.type === "tag";

const detailRow: FormatCallback = (elem, walk, builder) => {
  const [label, value] = elem.children.filter(isTag);
  builder.openBlock({ leadingLineBreaks: 1 });
  walk(label?.children ?? [], builder);
  builder.addInline(": ");
  walk(value?.children ?? [], builder);
  builder.closeBlock({ trailingLineBreaks: 1 });
};

const footer: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  // The trailing space is the delimiter's (RFC 3676, 4.3); noTrim keeps it.
  builder.addLiteral("-- ");
  builder.addLineBreak();
  walk(elem.children, builder);
  builder.closeBlock({ trailingLineBreaks: 1 });
};

export const htmlToPlainText: (html: string) => string = compile({
  wordwrap: false,
  preserveNewlines: true,
  formatters: { detailRow, footer },
  selectors: [
    { selector: "h1", options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: "td", format: "block", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "tr[data-detail]", format: "detailRow" },
    { selector: "td[data-footer]", format: "footer" },
    { selector: "a", options: { linkBrackets: ["<", ">"], hideLinkHrefIfSameAsText: true } },
  ],
});
