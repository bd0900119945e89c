import { Download } from "lucide-react";
import { data, Form, Link } from "react-router";
import { type Column, DataTable } from "~/components/console/data-table";
import { FormAlert } from "~/components/forms/form-alert";
import { appContext } from "~/context";
import { safetySummary, summaryLines, summaryYearFrom } from "~/modules/ceremonies/summary.server";
import type { Route } from "./+types/ceremonies-summary";

/**
 * The keepers' yearly safety summary: counts only, for one calendar year (UTC), with its CSV and
 * PDF. A year outside those with ceremony days answers this page with the message (400).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const asked = await summaryYearFrom(db, new URL(request.url));
  const years = Array.from({ length: asked.years.last - asked.years.first + 1 }, (_, i) => asked.years.last - i);
  if (!asked.ok) return data({ year: null, years, lines: [], yearError: asked.message }, { status: 400 });
  const lines = summaryLines(await safetySummary(db, asked.year));
  return { year: asked.year, years, lines, yearError: null };
}

type Line = Route.ComponentProps["loaderData"]["lines"][number];
const COLUMNS: ReadonlyArray<Column<Line>> = [
  { header: "What is counted", primary: true, cell: (line) => line.label },
  { header: "Number", align: "right", cell: (line) => line.count },
];

export default function CeremoniesSummary({ loaderData }: Route.ComponentProps) {
  const { year, years, lines, yearError } = loaderData;
  return (
    <>
      <p className="text-sm">
        <Link to="/console/ceremonies" className="text-violet-200 underline underline-offset-4">
          Ceremonies
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">
          {year === null ? "Yearly safety summary" : `Yearly safety summary for ${year}`}
        </h1>
        {year === null ? null : (
          <div className="flex flex-wrap gap-3">
            <a href={`/console/ceremonies-summary.csv?year=${year}`} className="btn-ghost" download>
              <Download aria-hidden="true" className="h-4 w-4" /> Download CSV
            </a>
            <a href={`/console/ceremonies-summary.pdf?year=${year}`} className="btn-ghost" download>
              <Download aria-hidden="true" className="h-4 w-4" /> Download PDF
            </a>
          </div>
        )}
      </div>
      <p className="mt-3 max-w-3xl text-mist-muted">
        Counts only, for one calendar year (UTC): the ceremony days held, their participants, and the adverse reactions
        reported. It names no one and opens no sealed notes.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          Year
          <select name="year" defaultValue={year ?? years[0]} className="field">
            {years.map((one) => (
              <option key={one} value={one}>
                {one}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-ghost">
          Show
        </button>
      </Form>
      <FormAlert message={yearError} />
      {year === null ? null : (
        <DataTable
          caption={`Yearly safety summary for ${year}`}
          columns={COLUMNS}
          rows={lines}
          rowKey={(line) => line.label}
        />
      )}
    </>
  );
}
