import type { ReactNode } from "react";
import type { Notice } from "~/forms/forms";

const TONES = {
  error: { role: "alert", box: "border-rose-400/50 bg-rose-500/10 text-rose-100", title: "text-rose-200" },
  success: { role: "status", box: "border-emerald-400/40 bg-emerald-500/10 text-emerald-100", title: "" },
} as const;

/**
 * The one notice box of the product: an error is announced (role alert), a success said politely
 * (role status). `notice` gives a form's title and description; otherwise `children` say it.
 * `dense` for a box inside a card. `children` are one line of text (phrasing content).
 */
export function NoticeBox(props: {
  tone?: keyof typeof TONES;
  notice?: Notice;
  children?: ReactNode;
  id?: string;
  className?: string;
  dense?: boolean;
}) {
  const tone = TONES[props.tone ?? "error"];
  // One line of text is a paragraph; a title and a description are two in a box.
  const Box = props.notice ? "div" : "p";
  return (
    <Box
      id={props.id}
      role={tone.role}
      className={`rounded-lg border ${props.dense ? "p-3" : "p-4"} ${tone.box} ${props.className ?? ""}`}
    >
      {props.notice ? (
        <>
          <p className={`font-semibold ${tone.title}`}>{props.notice.title}</p>
          <p>{props.notice.description}</p>
        </>
      ) : (
        props.children
      )}
    </Box>
  );
}
