export declare const marker: (
  key: string,
  catalog?: string,
) => { paddle_catalog: { key: string; catalog?: string } };
export declare const startedMarker: (
  key: string,
  moves: { from: string; proration: string; bills_from: string | null }[],
) => {
  paddle_catalog: { key: string; moves: { from: string; proration: string; bills_from: string | null }[] };
};
