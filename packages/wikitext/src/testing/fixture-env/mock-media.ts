import type { FileInfo, FileRequest } from "../../env/data-access.js";
import { md5Hex } from "./md5.js";

/**
 * The mock file repository the parser tests assume (testenv.json: `image_base_url` + `files`).
 * Scaling and URL rules follow MediaWiki's file repository as the parser-test mock reproduces it:
 * hashed paths "<base>/<h>/<hh>/<name>", thumbnails "<base>/thumb/<h>/<hh>/<name>/<w>px-<name>",
 * bitmaps never upscaled in the URL, drawings rendered to PNG, videos and paged documents to JPEG.
 */
export interface MockFileProps {
  size: number;
  width: number;
  height: number;
  bits?: number;
  mime: string;
  mediatype?: string;
  duration?: number;
  pagecount?: number;
  /** Seek parameters the mock knows, mapped to the thumbnail-name fragment they produce. */
  extraParams?: Record<string, string>;
  /** Transcodes the repository made of a video, each stored under its transcode key. */
  derivatives?: Array<{ type: string; transcodekey: string; width?: number; height?: number }>;
  [key: string]: unknown;
}

export interface MockMedia {
  image_base_url: string;
  /** Keyed by file name with underscores, possibly URL-encoded ("File_%26_file.jpg"). */
  files: Record<string, MockFileProps>;
}

export interface MockMediaOptions {
  /** Files on the bad-image list: they render as plain links. */
  badFiles?: readonly string[];
}

/** The density whose URL the srcset carries; the expected HTML of the tests only ever has 2x. */
const RESPONSIVE_SCALE = 2;
/** SVGs render in English unless asked otherwise: only another language names its thumbnail (MediaWiki's SvgHandler). */
const SVG_DEFAULT_LANGUAGE = "en";
/**
 * The languages of each drawing's text: MediaWiki's parser tests upload Foobar.svg with English
 * and Russian translations (its metadata's `translations`); the environment file lists only sizes.
 */
const SVG_TRANSLATIONS: ReadonlyMap<string, readonly string[]> = new Map([["Foobar.svg", ["en", "ru"]]]);

function toDbKey(name: string): string {
  return name.replace(/ /g, "_");
}

/** PHP's rawurlencode: everything but unreserved characters is escaped. */
function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function mediaTypeOf(props: MockFileProps): string {
  return props.mediatype ?? (props.mime === "image/svg+xml" ? "DRAWING" : "BITMAP");
}

/** Width and height of a rendition asked for by width and/or height, keeping the aspect ratio. */
/** MediaHandler::fitBoxWidth: the widest integer width whose rounded height fits the box. */
function fitBoxWidth(file: { width: number; height: number }, boxHeight: number): number {
  const idealWidth = (file.width * boxHeight) / file.height;
  const roundedUp = Math.ceil(idealWidth);
  return Math.round((roundedUp * file.height) / file.width) > boxHeight ? Math.floor(idealWidth) : roundedUp;
}

export function scaleToFit(
  file: { width: number; height: number },
  requestWidth: number | undefined,
  requestHeight: number | undefined,
): { width: number; height: number } {
  const { width, height } = file;
  // Files without dimensions (audio) have nothing to scale.
  if (width === 0 || height === 0) return { width: requestWidth ?? width, height };
  if (requestHeight === undefined && requestWidth !== undefined) {
    // File::scaleHeight
    return { width: requestWidth, height: Math.round((height * requestWidth) / width) };
  }
  if (requestWidth === undefined && requestHeight !== undefined) {
    return { width: fitBoxWidth(file, requestHeight), height: requestHeight };
  }
  if (requestWidth !== undefined && requestHeight !== undefined) {
    // Both given (ImageHandler::normaliseParams): the box is height-bound when its shape is
    // flatter than the file's, compared exactly; then the width fits the height.
    if (requestWidth * height > requestHeight * width) {
      return { width: fitBoxWidth(file, requestHeight), height: requestHeight };
    }
    return { width: requestWidth, height: Math.round((height * requestWidth) / width) };
  }
  return { width, height };
}

export class MockFileRepo {
  private readonly files = new Map<string, MockFileProps>();
  private readonly badFiles: Set<string>;

  constructor(
    private readonly media: MockMedia,
    options: MockMediaOptions = {},
  ) {
    for (const [key, props] of Object.entries(media.files)) this.files.set(toDbKey(safeDecode(key)), props);
    this.badFiles = new Set((options.badFiles ?? []).map(toDbKey));
  }

  has(name: string): boolean {
    return this.files.has(toDbKey(name));
  }

  /** Info for one request, or null when the repository has no such file. */
  fileInfo(request: FileRequest): FileInfo | null {
    const dbKey = toDbKey(request.name);
    const props = this.files.get(dbKey);
    if (!props) return null;

    const hash = md5Hex(dbKey);
    const hashPath = `${hash[0]}/${hash.slice(0, 2)}/`;
    const encodedName = rawUrlEncode(dbKey);
    const originalUrl = `${this.media.image_base_url}/${hashPath}${encodedName}`;
    const thumbBase = `${this.media.image_base_url}/thumb/${hashPath}${encodedName}`;
    const mediatype = mediaTypeOf(props);

    const info: FileInfo = {
      width: props.width,
      height: props.height,
      size: props.size,
      mime: props.mime,
      mediatype,
      url: originalUrl,
      descriptionurl: `${this.media.image_base_url}/${encodedName}`,
    };
    if (props.duration !== undefined) info.duration = props.duration;
    if (this.badFiles.has(dbKey)) info.badFile = true;
    if (props.derivatives) {
      info.derivatives = props.derivatives.map((d) => ({
        ...d,
        src: `${this.media.image_base_url}/transcoded/${hashPath}${encodedName}/${encodedName}.${d.transcodekey}`,
      }));
    }

    let requestWidth = request.width;
    let requestHeight = request.height;
    // Vectors and videos always get a rendition, at natural size when none was asked for.
    if ((mediatype === "VIDEO" || mediatype === "DRAWING") && !requestWidth && !requestHeight) {
      requestWidth = props.width;
      requestHeight = props.height;
    }
    if (!requestWidth && !requestHeight) return info;

    const scaled = scaleToFit(props, requestWidth || undefined, requestHeight || undefined);
    // Bitmaps are never enlarged: the URL points at the original size, the box stays as asked.
    const urlWidth = scaled.width > props.width && mediatype !== "DRAWING" ? props.width : scaled.width;
    const page = mediatype === "OFFICE" ? (request.page ?? 1) : undefined;
    // Renditions of one page of a document, or of a drawing in one language, say so in their name.
    // A drawing asked for without a language renders in the page's when it has text in it.
    const lang = request.lang ?? (request.targetLang !== undefined && SVG_TRANSLATIONS.get(dbKey)?.includes(request.targetLang) ? request.targetLang : undefined);
    const variant = page !== undefined ? `page${page}-` : mediatype === "DRAWING" && lang && lang !== SVG_DEFAULT_LANGUAGE ? `lang${lang}-` : "";

    info.thumbwidth = scaled.width;
    info.thumbheight = scaled.height;
    info.thumburl = this.renditionUrl(props, mediatype, encodedName, thumbBase, originalUrl, urlWidth, variant, request.seek);

    // Linker::processResponsiveImages scales the requested box, not the result: with a height,
    // the 2x box may be height-bound and come out narrower than twice the 1x width.
    const responsiveBoxWidth = Math.round((requestHeight && requestWidth ? requestWidth : scaled.width) * RESPONSIVE_SCALE);
    const responsiveWidth = requestHeight
      ? scaleToFit(props, responsiveBoxWidth, requestHeight * RESPONSIVE_SCALE).width
      : responsiveBoxWidth;
    let responsiveUrl = originalUrl;
    if (responsiveWidth < props.width || mediatype === "DRAWING" || mediatype === "OFFICE") {
      responsiveUrl = `${thumbBase}/${variant}${responsiveWidth}px-${encodedName}${renditionSuffix(mediatype)}`;
    }
    if (responsiveUrl !== info.thumburl && mediatype !== "AUDIO") {
      info.responsiveUrls = { [`${RESPONSIVE_SCALE}x`]: responsiveUrl };
    }
    return info;
  }

  private renditionUrl(
    props: MockFileProps,
    mediatype: string,
    encodedName: string,
    thumbBase: string,
    originalUrl: string,
    urlWidth: number,
    variant: string,
    seek: number | undefined,
  ): string {
    const needsRendition =
      urlWidth !== props.width || mediatype === "AUDIO" || mediatype === "VIDEO" || mediatype === "OFFICE" || mediatype === "DRAWING";
    if (!needsRendition) return originalUrl;
    // Audio has no thumbnails: MediaWiki shows a file-type icon instead.
    if (mediatype === "AUDIO") return `${this.media.image_base_url}/w/resources/assets/file-type-icons/fileicon-ogg.png`;
    let url = `${thumbBase}/${variant}${urlWidth}px-`;
    if (mediatype === "VIDEO") {
      // Video thumbnails carry the seek position ("seek%3D1.2") between two dashes.
      const seekKey = seek !== undefined ? `seek=${seek}` : undefined;
      url += `${(seekKey && props.extraParams?.[seekKey]) ?? ""}-`;
    }
    return url + encodedName + renditionSuffix(mediatype);
  }
}

function renditionSuffix(mediatype: string): string {
  if (mediatype === "VIDEO" || mediatype === "OFFICE") return ".jpg";
  if (mediatype === "DRAWING") return ".png";
  return "";
}
