// negotiator 0.6.4's own signature for what we use (DefinitelyTyped's predates its `preferred` order,
// which the compression middleware passes, and which the page cache passes the same way).
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available: string[], preferred?: string[]): string | undefined;
  }
}
