export declare const marker: (
  key: string,
  catalog?: string,
) => { paddle_catalog: { key: string; catalog?: string } };
