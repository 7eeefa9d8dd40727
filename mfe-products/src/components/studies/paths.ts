/** Where a study's results are read. */
export const studyPath = (productId: string, studyId: string) =>
  `/products/${encodeURIComponent(productId)}/studies/${encodeURIComponent(studyId)}`;
