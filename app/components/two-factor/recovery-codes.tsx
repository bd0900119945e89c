import { Copy, Download, Printer } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { site } from "~/lib/site";
import { recoveryCodesText } from "~/modules/accounts/recovery-code-format";

const FILE_NAME = "sacred-path-recovery-codes.txt";

/**
 * Recovery codes where they are shown (once): on the page as text, so the browser's own print and
 * selection work without scripts; a .txt download (a data: link, which needs none); copying and
 * printing only this list once the app runs (app.css prints `.recovery-codes` alone, never the
 * authenticator's secret beside it). The list stays `<li>code</li>`, one code a line.
 */
export function RecoveryCodes({ codes, children }: { codes: ReadonlyArray<string>; children: ReactNode }) {
  const hydrated = useHydrated();
  const [told, setTold] = useState("");
  const text = recoveryCodesText(codes, site.name);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setTold("Copied: paste them where you keep them safe.");
    } catch {
      setTold("Your browser did not let the page copy them: select the codes and copy them yourself.");
    }
  }

  return (
    <div className="recovery-codes grid gap-3">
      <p className="hidden font-semibold print:block">{site.name}: recovery codes</p>
      <div>{children}</div>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base tracking-wide">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 print:hidden">
        {hydrated ? (
          <button type="button" className="btn-ghost" onClick={copy}>
            <Copy aria-hidden size={16} />
            Copy Codes
          </button>
        ) : null}
        <a
          className="btn-ghost"
          download={FILE_NAME}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          <Download aria-hidden size={16} />
          Download (.txt)
        </a>
        {hydrated ? (
          <button type="button" className="btn-ghost" onClick={() => window.print()}>
            <Printer aria-hidden size={16} />
            Print Codes
          </button>
        ) : null}
      </div>
      <p className="no-js-only text-sm text-mist-muted print:hidden">
        To keep them on paper, use your browser's own Print: only the codes are printed.
      </p>
      <p role="status" className="text-sm text-mist-muted print:hidden">
        {told}
      </p>
    </div>
  );
}
