import { describe, expect, it } from "vitest";
import { speaksOfCrisis } from "./crisis";

// Issue 28: the words people type, however their keyboard or phone spaced and hyphenated them.
describe("crisis words", () => {
  it("match across any run of whitespace", () => {
    for (const text of [
      "I want to\ndie",
      "I want to\r\ndie",
      "I want  to die",
      "I want\tto die",
      "I want\u00a0to\u00a0die",
      "I want\u202fto\u2009die",
      "I want \n\t to die",
      "some days I think of ending\u3000my life",
    ]) {
      expect(speaksOfCrisis(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("match across any hyphen or dash, and with none", () => {
    for (const text of [
      "thoughts of self-harm",
      "thoughts of self\u2011harm", // non-breaking hyphen
      "thoughts of self\u2010harm", // hyphen
      "thoughts of self\u2013harm", // en dash
      "thoughts of self\u2014harm", // em dash
      "thoughts of self\u2212harm", // minus sign
      "thoughts of self\uff0dharm", // full-width hyphen-minus
      "thoughts of self\u00adharm", // soft hyphen
      "thoughts of self - harm",
      "thoughts of self harm",
      "thoughts of self  harm",
      "I might kill-myself",
    ]) {
      expect(speaksOfCrisis(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("see through invisible characters inside a word", () => {
    expect(speaksOfCrisis("sui\u00adcidal thoughts")).toBe(true);
    expect(speaksOfCrisis("sui\u200bcidal thoughts")).toBe(true);
    expect(speaksOfCrisis("I want to\u200bdie")).toBe(true);
  });

  it("ignore case, compatibility forms and the kind of apostrophe", () => {
    expect(speaksOfCrisis("I WANT TO DIE")).toBe(true);
    expect(speaksOfCrisis("Ｉ ｗａｎｔ ｔｏ ｄｉｅ")).toBe(true);
    expect(speaksOfCrisis("I don\u2019t want to live")).toBe(true);
    expect(speaksOfCrisis("I don\u2018t want to live")).toBe(true);
    expect(speaksOfCrisis("I don\u02bct want to live")).toBe(true);
    expect(speaksOfCrisis("I can\u2019t  go\non")).toBe(true);
  });

  it("keep every phrase it matched before, and leave ordinary messages alone", () => {
    for (const text of [
      "Suicidal thoughts",
      "I want to kill myself",
      "I keep thinking about killing myself",
      "I want to end my life",
      "I'm ending my life",
      "I will take my life",
      "I just want to end it all",
      "self-harm",
      "I harm myself",
      "I hurt myself",
      "I am hurting myself",
      "I cut myself",
      "I've been cutting myself",
      "I wanna die",
      "I'd be better off dead",
      "There's no reason to live",
      "I don't want to live",
      "I dont want to live",
      "I can't go on",
      "I cant go on",
      "I took an overdose",
      "I am not safe",
      "I'm not safe",
      "im not safe",
      "I'm not safe at home",
      "I am in danger",
      "He is going to hurt me",
      "My partner is hurting me",
      "Someone is threatening me",
    ]) {
      expect(speaksOfCrisis(text), text).toBe(true);
    }
    for (const text of [
      "How should I prepare for the ceremony?",
      "The retreat was wonderful; I felt held.",
      "Self-care after integration: what helps?",
      "Is the tea safe at home before the session?",
    ]) {
      expect(speaksOfCrisis(text), text).toBe(false);
    }
  });
});
