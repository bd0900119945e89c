import type { ReactNode } from "react";
import type { Notice } from "~/forms/forms";

const TONES = {
  error: {
    role: "alert",
    box: "border-rose-400/50 bg-rose-500/10 text-rose-100",
    title: "text-rose-200",
    line: "text-rose-200",
  },
  success: {
    role: "status",
    box: "border-emerald-400/40 bg-emerald-500/10 text-emerald-100",
    title: "",
    line: "text-emerald-100",
  },
} as const;

/**
 * The one notice box of the product: an error is announced (role alert), a success said politely
 * (role status). `notice` gives a form's title and description; otherwise `children` say it.
 * `dense` for a box inside a card; `inline` for one line without a box, beside a control of a
 * one-button form (a checklist item, keeping a reply). `children` are one line of text.
 */
export function NoticeBox(props: {
  tone?: keyof typeof TONES;
  notice?: Notice;
  children?: ReactNode;
  id?: string;
  className?: string;
  dense?: boolean;
  inline?: boolean;
}) {
  const tone = TONES[props.tone ?? "error"];
  if (props.inline) {
    return (
      <p id={props.id} role={tone.role} className={`text-sm ${tone.line} ${props.className ?? ""}`}>
        {props.notice ? `${props.notice.title}: ${props.notice.description}` : props.children}
      </p>
    );
  }
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
