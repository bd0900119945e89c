import { describe, expect, it } from "vitest";
import { databaseUrlProblem } from "./errors";

const URL_ = "postgres://sacred:hunter2@127.0.0.1:5432/sacred";
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("databaseUrlProblem", () => {
  it("says a refused password may also be a role that does not exist (PostgreSQL answers both alike)", () => {
    const said = databaseUrlProblem(URL_, pgError("28P01", 'password authentication failed for user "sacred"'));
    expect(said).toContain('PostgreSQL refused the password for user "sacred"');
    expect(said).toContain('or no role "sacred" exists on that server');
    expect(said).toContain("sudo -u postgres createuser --pwprompt sacred");
    expect(said).not.toContain("hunter2");
  });

  it("names the missing role and pg_hba.conf apart, though both are 28000", () => {
    expect(databaseUrlProblem(URL_, pgError("28000", 'role "sacred" does not exist'))).toContain(
      'the role "sacred" does not exist on that server (create it first: sudo -u postgres createuser --pwprompt sacred)',
    );
    expect(
      databaseUrlProblem(URL_, pgError("28000", 'no pg_hba.conf entry for host "10.0.0.2", user "sacred"')),
    ).toContain("(pg_hba.conf)");
  });

  it("says how to create a missing database, owned by the role", () => {
    expect(databaseUrlProblem(URL_, pgError("3D000", 'database "sacred" does not exist'))).toContain(
      "create it first: sudo -u postgres createdb --owner=sacred sacred",
    );
  });
});
