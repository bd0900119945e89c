/** "1 check-in", "2 check-ins": a count with its noun in the right number (English). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
