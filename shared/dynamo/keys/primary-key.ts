/** The table's primary key; every feature's key module builds these. */
export interface PrimaryKey {
  PK: string;
  SK: string;
}
