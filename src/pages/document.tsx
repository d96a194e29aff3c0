// The HTML shell: inlined styles (no stylesheet request before first paint), the page's data as one
// JSON script, and module scripts, which never block painting.
import type { ReactNode } from "react";

export interface Assets {
  entry: string;
  preload: string[];
}

export function Document({ title, css, pageJson, assets, children }: { title: string; css: string; pageJson: string; assets: Assets | null; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0f1630" />
        <meta name="description" content="Stealmate: a team-based bluffing quiz party game." />
        <title>{title}</title>
        <link rel="icon" href="/logo.svg" type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        {children}
        <script type="application/json" id="__page" dangerouslySetInnerHTML={{ __html: pageJson }} />
        {/* After the page, not in its head: on a weak link the scripts' downloads would otherwise share
            the bandwidth with the rest of the HTML, and the page shows what it says later
            (docs/decisions.md "The first minute on any phone"). A module script runs after the
            document is parsed either way. */}
        {assets?.preload.map((href) => <link key={href} rel="modulepreload" href={href} />)}
        {assets && <script type="module" src={assets.entry} />}
      </body>
    </html>
  );
}

/** JSON that is safe inside a <script>: no "</script>" or "<!--" can close it early. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
