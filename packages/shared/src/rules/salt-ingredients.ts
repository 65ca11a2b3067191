/**
 * The active ingredients a salt composition names, without their strengths: "Amoxicillin (500mg)
 * + Clavulanic Acid (125mg)" → ["Amoxicillin", "Clavulanic Acid"]. Structured data (schema.org
 * Drug activeIngredient, nonProprietaryName) and the medicine pages name ingredients so (issue 30).
 */
export function saltIngredients(saltName: string): string[] {
  return saltName
    .split('+')
    .map((part) =>
      part
        .replace(/\([^)]*\)/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => part !== '');
}
