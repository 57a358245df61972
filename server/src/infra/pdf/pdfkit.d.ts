// pdfkit 0.20 ships no type declarations and @types/pdfkit would be one more package for a dozen
// methods: this declares the part of its API the contract renderer uses.
declare module 'pdfkit' {
  import { Readable } from 'node:stream';

  interface PDFTextOptions {
    width?: number;
    height?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    continued?: boolean;
    lineGap?: number;
    paragraphGap?: number;
    indent?: number;
    underline?: boolean;
    link?: string;
    bulletRadius?: number;
    bulletIndent?: number;
    textIndent?: number;
    listType?: 'bullet' | 'numbered' | 'lettered';
  }

  interface PDFDocumentOptions {
    size?: string | [number, number];
    margin?: number;
    margins?: { top: number; bottom: number; left: number; right: number };
    info?: {
      Title?: string;
      Author?: string;
      Subject?: string;
      Keywords?: string;
      Creator?: string;
      Producer?: string;
      CreationDate?: Date;
      ModDate?: Date;
    };
    compress?: boolean;
    bufferPages?: boolean;
    autoFirstPage?: boolean;
    lang?: string;
    pdfVersion?: '1.3' | '1.4' | '1.5' | '1.6' | '1.7' | '1.7ext3';
    displayTitle?: boolean;
  }

  class PDFDocument extends Readable {
    constructor(options?: PDFDocumentOptions);
    x: number;
    y: number;
    page: { width: number; height: number; margins: { top: number; bottom: number; left: number; right: number } };
    addPage(options?: PDFDocumentOptions): this;
    font(name: string, size?: number): this;
    registerFont(name: string, src: string | Buffer): this;
    fontSize(size: number): this;
    fillColor(color: string, opacity?: number): this;
    strokeColor(color: string, opacity?: number): this;
    lineWidth(width: number): this;
    text(text: string, options?: PDFTextOptions): this;
    text(text: string, x?: number, y?: number, options?: PDFTextOptions): this;
    list(items: Array<string | string[]>, options?: PDFTextOptions): this;
    list(items: Array<string | string[]>, x?: number, y?: number, options?: PDFTextOptions): this;
    moveDown(lines?: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    rect(x: number, y: number, w: number, h: number): this;
    fill(color?: string): this;
    stroke(color?: string): this;
    widthOfString(text: string, options?: PDFTextOptions): number;
    heightOfString(text: string, options?: PDFTextOptions): number;
    bufferedPageRange(): { start: number; count: number };
    switchToPage(n: number): this;
    end(): void;
  }

  export default PDFDocument;
}
