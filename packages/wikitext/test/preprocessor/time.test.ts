import { describe, expect, it } from "vitest";
import { expandText } from "./helpers.js";

// The test page pretends to be converted at 2024-03-05T14:07:09Z; the wiki is UTC+1.
const run = (text: string) => expandText(text);

describe("#time and #timel", () => {
  it("formats the conversion time by default", async () => {
    expect(await run("{{#time:Y-m-d H:i:s}}")).toBe("2024-03-05 14:07:09");
    expect(await run("{{#timel:H:i T}}")).toBe("15:07 Europe/Paris");
  });

  it("has the PHP format codes", async () => {
    const date = "2008-02-29 13:05:09";
    expect(await run(`{{#time:d D j l N w z|${date}}}`)).toBe("29 Fri 29 Friday 5 5 59");
    expect(await run(`{{#time:W F m M n t L o Y y|${date}}}`)).toBe("09 February 02 Feb 2 29 1 2008 2008 08");
    expect(await run(`{{#time:a A g G h H i s U|${date}}}`)).toBe("pm PM 1 13 01 13 05 09 1204290309");
    expect(await run(`{{#time:c|${date}}}`)).toBe("2008-02-29T13:05:09+00:00");
    expect(await run(`{{#time:r|${date}}}`)).toBe("Fri, 29 Feb 2008 13:05:09 +0000");
    expect(await run(`{{#time:e O P Z I|${date}}}`)).toBe("UTC +0000 +00:00 0 0");
  });

  it("has escapes, quoted literals and MediaWiki's x codes", async () => {
    expect(await run('{{#time:\\Y "Y-m" xx xg xrY|2008-02-29}}')).toBe("Y Y-m x February MMVIII");
  });

  it("reads the common date forms", async () => {
    expect(await run("{{#time:Y-m-d|1 January 2020}}")).toBe("2020-01-01");
    expect(await run("{{#time:Y-m-d|January 2, 2020}}")).toBe("2020-01-02");
    expect(await run("{{#time:Y-m-d|Mar 2020}}")).toBe("2020-03-01");
    expect(await run("{{#time:Y-m-d H:i|@86400}}")).toBe("1970-01-02 00:00");
    expect(await run("{{#time:Y-m-d H:i:s|20200102030405}}")).toBe("2020-01-02 03:04:05");
    expect(await run("{{#time:Y-m-d H:i|2020-01-02T03:04:05+02:00}}")).toBe("2020-01-02 01:04");
    expect(await run("{{#time:Y|2010}}")).toBe("2010");
    expect(await run("{{#time:Y-m-d|today}} {{#time:Y-m-d|tomorrow}} {{#time:Y-m-d|yesterday}}")).toBe("2024-03-05 2024-03-06 2024-03-04");
    expect(await run("{{#time:Y-m-d|+1 day}} {{#time:Y-m-d|2020-01-31 +1 month}} {{#time:Y-m-d|2 weeks ago}}")).toBe("2024-03-06 2020-03-02 2024-02-20");
  });

  it("names months and days in the asked language", async () => {
    expect(await run("{{#time:F Y|2020-03-01|de}}")).toBe("März 2020");
    expect(await run("{{#time:l j xg|2020-03-01|ru}}")).toBe("воскресенье 1 марта");
    expect(await run("{{#time:F|2020-03-01|ja}} {{#time:xg|2020-03-01|ja}}")).toBe("3月 3月");
  });

  it("reads dates in the local zone for #timel", async () => {
    expect(await run("{{#timel:H:i|2020-01-02 03:04}}")).toBe("03:04");
    expect(await run("{{#time:H:i|2020-01-02 03:04||1}}")).toBe("03:04");
  });

  it("rejects what it cannot read", async () => {
    expect(await run("{{#time:Y|not a date}}")).toBe('<strong class="error">Error: Invalid time.</strong>');
    expect(await run("{{#time:Y|2020-13-45}}")).toBe('<strong class="error">Error: Invalid time.</strong>');
  });
});
