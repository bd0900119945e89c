import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, useState } from "react";

/** A password field with SPEC.md's show/hide toggle (a real button, announced as pressed or not). */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? "text" : "password"} className="field pr-12" />
      <button
        type="button"
        className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-lg text-mist-muted hover:text-mist"
        aria-label={visible ? "Hide password" : "Show password"}
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff aria-hidden size={20} /> : <Eye aria-hidden size={20} />}
      </button>
    </div>
  );
}
