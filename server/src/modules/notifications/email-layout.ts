/*
 * The customer's emails: what a message says is a list of blocks, written once and rendered twice, as the
 * plain-text part and as the HTML part, so the two never disagree. The HTML is tables and inline styles
 * (what mail clients render alike), every value escaped.
 */

export interface Brand {
  name: string;
  /** `#rrggbb`: the site's primary colour. */
  colour: string;
  /** The brand's legal pages (`<url>/privacy`). */
  legalPagesUrl: string;
}

export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  /** Label → value lines (an appointment's day and time). */
  | { kind: 'facts'; rows: Array<[string, string]> }
  /** The message's action: a button in HTML, `label: url` in text. */
  | { kind: 'link'; label: string; url: string };

export interface EmailContent {
  subject: string;
  /** The title above the text. */
  heading: string;
  blocks: Block[];
}

export interface RenderedEmail { subject: string; text: string; html: string }

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Only web links become buttons; anything else is printed as text. */
const isWebUrl = (url: string): boolean => /^https?:\/\//i.test(url);
/** The colour as configured when it is `#rrggbb` (config.ts checks it), else the default blue. */
const safeColour = (c: string): string => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : '#0b5ed7');

const GREETING = 'Gentile cliente,';
const closing = (brand: Brand): string => `A presto,\n${brand.name}`;
const footer = (brand: Brand): string =>
  `Questo è un messaggio di servizio sul tuo ordine ${brand.name}: non rispondere a questo indirizzo. Come trattiamo i tuoi dati: ${brand.legalPagesUrl}/privacy`;

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph': return block.text;
    case 'list': return block.items.map((i) => `- ${i}`).join('\n');
    case 'facts': return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'link': return `${block.label}: ${block.url}`;
  }
}

const P = 'margin:0 0 16px 0;font-size:16px;line-height:24px;color:#1f2933;';

function blockHtml(block: Block, colour: string): string {
  switch (block.kind) {
    case 'paragraph': return `<p style="${P}">${escapeHtml(block.text)}</p>`;
    case 'list': return `<ul style="margin:0 0 16px 0;padding-left:24px;font-size:16px;line-height:24px;color:#1f2933;">${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
    case 'facts':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px 0;font-size:16px;line-height:24px;color:#1f2933;">${block.rows
        .map(([label, value]) => `<tr><td style="padding:2px 16px 2px 0;color:#52606d;">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:bold;">${escapeHtml(value)}</td></tr>`)
        .join('')}</table>`;
    case 'link':
      if (!isWebUrl(block.url)) return `<p style="${P}">${escapeHtml(blockText(block))}</p>`;
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px 0;"><tr><td style="border-radius:24px;background:${colour};">`
        + `<a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:24px;">${escapeHtml(block.label)}</a>`
        + `</td></tr></table><p style="margin:0 0 16px 0;font-size:13px;line-height:20px;color:#52606d;word-break:break-all;">${escapeHtml(block.url)}</p>`;
  }
}

/** The text and HTML parts of `content`, with the greeting, the closing and the footer every message has. */
export function renderEmail(brand: Brand, content: EmailContent): RenderedEmail {
  const colour = safeColour(brand.colour);
  const text = [content.heading, GREETING, ...content.blocks.map(blockText), closing(brand), '--', footer(brand)].join('\n\n');
  const html = '<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">'
    + `<title>${escapeHtml(content.subject)}</title></head>`
    + '<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;">'
    + '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa;"><tr><td align="center" style="padding:24px 12px;">'
    + '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;">'
    + `<tr><td style="background:${colour};border-radius:8px 8px 0 0;padding:20px 32px;font-size:22px;font-weight:bold;color:#ffffff;">${escapeHtml(brand.name)}</td></tr>`
    + '<tr><td style="padding:32px;">'
    + `<h1 style="margin:0 0 24px 0;font-size:22px;line-height:30px;color:${colour};">${escapeHtml(content.heading)}</h1>`
    + `<p style="${P}">${escapeHtml(GREETING)}</p>`
    + content.blocks.map((b) => blockHtml(b, colour)).join('')
    + `<p style="${P}">${closing(brand).split('\n').map(escapeHtml).join('<br>')}</p>`
    + '</td></tr>'
    + `<tr><td style="padding:16px 32px 24px 32px;border-top:1px solid #cbd2d9;font-size:12px;line-height:18px;color:#52606d;">${escapeHtml(footer(brand))}</td></tr>`
    + '</table></td></tr></table></body></html>';
  return { subject: content.subject, text, html };
}
