/**
 * Tags the wiki treats as extension tags (their content is not parsed as wikitext by the
 * tokenizer): core's and those of the extensions a typical wiki runs. Facts about MediaWiki's
 * syntax; how each one renders is the engine's business.
 */
export const EXTENSION_TAGS: readonly string[] = [
  "pre", "nowiki", "gallery", "indicator", "langconvert",
  "ref", "references",
  "syntaxhighlight", "source", "poem", "math", "chem", "ce", "hiero", "score", "timeline",
  "templatedata", "templatestyles", "section", "imagemap", "inputbox", "categorytree",
  "charinsert", "mapframe", "maplink",
];

/** URL schemes recognised in external links ($wgUrlProtocols). */
export const URL_PROTOCOLS: readonly string[] = [
  "bitcoin:", "ftp://", "ftps://", "geo:", "git://", "gopher://", "http://", "https://",
  "irc://", "ircs://", "magnet:", "mailto:", "matrix:", "mms://", "news:", "nntp://", "redis://",
  "sftp://", "sip:", "sips:", "sms:", "ssh://", "svn://", "tel:", "telnet://", "urn:",
  "worldwind://", "xmpp:", "//",
];
