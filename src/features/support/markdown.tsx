import Markdown from 'markdown-to-jsx';

/**
 * Article Markdown as React elements (markdown-to-jsx): no HTML string is ever injected, raw
 * HTML in the text is not parsed (it shows as text), and link/image URLs go through the
 * library's sanitiser (`javascript:`, `vbscript:`, `data:` other than images are dropped).
 */
export function ArticleMarkdown({ text }: { text: string }) {
  return (
    <div className="kb-markdown">
      <Markdown
        options={{
          disableParsingRawHTML: true,
          forceBlock: true,
          overrides: {
            a: {
              props: { target: '_blank', rel: 'noopener noreferrer nofollow' },
            },
          },
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}

/** A search snippet: the matched words (between U+E000 and U+E001) marked, all of it as text. */
export function Snippet({ text }: { text: string }) {
  // The passage is cut from the Markdown source: its markers (#, `, *, |, >) are left out.
  const plain = text
    .replace(/[#`*|>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const parts = plain.split(/(\uE000[^\uE001]*\uE001)/);
  return (
    <span className="kb-snippet">
      {parts.map((part, index) =>
        part.startsWith('\uE000') ? (
          <mark key={index}>{part.slice(1, -1)}</mark>
        ) : (
          <span key={index}>{part}</span>
        ),
      )}
    </span>
  );
}
