// The largest body a page (form post) may send. The JSON formatter takes 10 MB of text, posted as multipart so
// it is not inflated by URL-encoding; one more MB covers the other fields and the multipart framing.
import { bodyLimit } from "hono/body-limit";
import { limitBodiesOnly } from "./lib/body-limit";
import { MAX_JSON_INPUT_LABEL } from "../app/tools/json/limits";
import { MAX_URL_INPUT_LABEL } from "../app/tools/url/options";

export const PAGE_BODY_LIMIT_BYTES = 11 * 1024 * 1024;

const TOO_LARGE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Request too large</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>HTTP 413: Request too large</h1>
<p>The form you sent is larger than 11 MB, the most this site accepts in one post.</p>
<p>The JSON formatter takes inputs up to ${MAX_JSON_INPUT_LABEL}, the URL decoder &amp; encoder up to ${MAX_URL_INPUT_LABEL}.
Go back, shorten the input and send it again.</p>
<p><a href="/">Home</a></p></body></html>`;

export const pageBodyLimit = limitBodiesOnly(
  bodyLimit({
    maxSize: PAGE_BODY_LIMIT_BYTES,
    onError: (c) => c.html(TOO_LARGE_PAGE, 413, { "Cache-Control": "no-store" }),
  }),
);
