import type { ReactNode } from "react";
import { Link } from "react-router";

/** One column of a console list: its header, how a row fills its cell, and how the cell sits. */
export interface Column<Row> {
  /** The column's header, and the label beside each value when rows are cards. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The card's title on a phone (shown first, larger, without a label). One column at most. */
  primary?: boolean;
  /** The header is read by screen readers but not shown (a column of buttons). */
  hideHeader?: boolean;
  align?: "left" | "right";
  /** Keep the value on one line in the wide table (dates); cards wrap it when they must. */
  nowrap?: boolean;
  className?: string;
}

/** The row's name, linking to its page: a list's first column, and the card's title on a phone. */
export function titleColumn<Row>(
  header: string,
  href: (row: Row) => string,
  name: (row: Row) => ReactNode,
): Column<Row> {
  return {
    header,
    primary: true,
    cell: (row) => (
      <Link to={href(row)} className="text-violet-200 underline underline-offset-4">
        {name(row)}
      </Link>
    ),
  };
}

const EMPTY = new Set<unknown>([null, undefined, false, ""]);

/*
 * One table for every console list. From `md` up it is a plain table; below, the same markup shows
 * each row as a card, each value beside its column's name (a label hidden from screen readers, which
 * read the column headers), so nothing scrolls sideways at 375 px and an email wraps as a whole line.
 * It carries no explicit roles: the elements' own roles are what browsers expose whatever their CSS
 * display (HTML-AAM), and a role on a row or cell of a table is invalid HTML (W3C Nu Html Checker).
 * WebKit used to drop the semantics of a re-displayed table, which the roles once worked around.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  /** Names the table for screen readers (not shown: the page's heading says it). */
  caption: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row) => string | number;
  /** Said instead of the table when there are no rows; without it an empty table shows its headers. */
  empty?: string;
}) {
  if (rows.length === 0 && empty) return <p className="mt-8 text-mist-muted">{empty}</p>;
  return (
    <div className="mt-6 md:overflow-x-auto">
      <table className="w-full text-left text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-mist-muted max-md:sr-only">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`py-2 pr-4 font-medium last:pr-0 ${column.align === "right" ? "text-right" : ""}`}
              >
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-3">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="border-t border-violet-300/10 align-top max-md:flex max-md:flex-col max-md:gap-2 max-md:rounded-2xl max-md:border max-md:border-violet-300/15 max-md:bg-night-800/70 max-md:p-4"
            >
              {columns.map((column) => (
                <Cell key={column.header} column={column} value={column.cell(row)} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell<Row>({ column, value }: { column: Column<Row>; value: ReactNode }) {
  const labelled = !column.primary && !column.hideHeader;
  const classes = [
    "py-3 pr-4 last:pr-0 max-md:p-0 max-md:wrap-anywhere",
    column.align === "right" ? "md:text-right" : "",
    column.nowrap ? "md:whitespace-nowrap" : "",
    // On a card: the title first and larger; a label column beside the others; nothing for an empty cell.
    column.primary ? "max-md:order-first max-md:text-base max-md:font-semibold" : "",
    labelled ? "max-md:grid max-md:grid-cols-[6.5rem_minmax(0,1fr)] max-md:items-baseline max-md:gap-x-3" : "",
    EMPTY.has(value) ? "max-md:hidden" : "",
    column.className ?? "",
  ];
  return (
    <td className={classes.filter(Boolean).join(" ")}>
      {labelled ? (
        // The label keeps its own size whatever the column's className sets for the value.
        <span aria-hidden="true" className="text-sm font-normal text-mist-muted md:hidden">
          {column.header}
        </span>
      ) : null}
      {labelled ? <div className="min-w-0">{value}</div> : value}
    </td>
  );
}
