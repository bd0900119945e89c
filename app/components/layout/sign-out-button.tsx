import { LogOut } from "lucide-react";
import { Form } from "react-router";

/** Signing out is a POST (a link would let another site sign a visitor out); it works without JavaScript. */
export function SignOutButton() {
  return (
    <Form method="post" action="/sign-out">
      <button type="submit" className="inline-flex items-center gap-1 text-violet-200 hover:text-gold">
        <LogOut aria-hidden size={16} />
        Sign out
      </button>
    </Form>
  );
}
