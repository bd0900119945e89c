import type { Article } from "../types";
import { article as embracing } from "./embracing-spiritual-insights";
import { article as evolution } from "./evolution-of-spiritual-exploration";
import { article as exploring } from "./exploring-profound-spiritual-experiences";
import { article as honoring } from "./honoring-sacred-traditions";
import { article as ageing } from "./psilocybin-aging-study";

/** The five articles of SPEC.md, in its order. */
export const articles: ReadonlyArray<Article> = [exploring, honoring, embracing, evolution, ageing];
