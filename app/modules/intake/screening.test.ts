import { describe, expect, it } from "vitest";
import { screen } from "./screening";

const calm = {
  mentalHealth: "No diagnoses. Some stress at work last year.",
  medications: "None, only vitamin D in winter.",
  priorExperience: "Ten years of daily sitting meditation.",
  intentions: "To open my heart and listen with all my heart.",
};
const codes = (answers: Partial<typeof calm>) => screen({ ...calm, ...answers }).map((f) => f.code);

describe("screening of health answers", () => {
  it("flags nothing in calm answers (a heart that opens is not a heart condition)", () => {
    expect(screen(calm)).toEqual([]);
  });

  it.each([
    [{ medications: "Lithium 300 mg twice daily" }, "lithium"],
    [{ medications: "Phenelzine (Nardil)" }, "maoi"],
    [{ medications: "amitriptyline at night for pain" }, "tricyclic"],
    [{ medications: "Sertraline 50mg" }, "ssri-snri"],
    [{ medications: "Effexor XR" }, "ssri-snri"],
    [{ mentalHealth: "My brother has schizophrenia" }, "psychosis-bipolar"],
    [{ mentalHealth: "Bipolar II, stable for years" }, "psychosis-bipolar"],
    [{ mentalHealth: "I had suicidal thoughts last month" }, "suicidal"],
    [{ medications: "High blood pressure, on amlodipine" }, "heart"],
    [{ intentions: "I am pregnant and want to heal before the birth" }, "pregnancy"],
    [{ mentalHealth: "Epilepsy as a child" }, "seizure"],
  ])("flags %j as %s, with a reason for staff", (answers, code) => {
    const flags = screen({ ...calm, ...answers });
    expect(flags.map((f) => f.code)).toContain(code);
    expect(flags.find((f) => f.code === code)?.reason.length).toBeGreaterThan(10);
  });

  it("matches at the start of words only", () => {
    expect(codes({ intentions: "I travelled through Romania and Germany last summer" })).toEqual([]);
    expect(codes({ mentalHealth: "MANIC episodes in 2019" })).toEqual(["psychosis-bipolar"]);
  });

  it("lists several flags once each", () => {
    expect(codes({ medications: "lithium and lithium again, plus Prozac", mentalHealth: "bipolar" })).toEqual([
      "lithium",
      "ssri-snri",
      "psychosis-bipolar",
    ]);
  });
});
