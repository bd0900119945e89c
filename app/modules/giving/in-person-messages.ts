/* The words of the admins' form for a gift given in person (apart, so the giving pages do not download them). */
export const IN_PERSON_MESSAGES = {
  minimum: "Please enter an amount of at least $1.",
  givenOn: "Please give the date it was given (not in the future).",
  method: "Please choose cash or cheque.",
  chequeNumber: "Please give the cheque number.",
  chequeNumberLong: "Please keep the cheque number under 30 characters.",
} as const;
