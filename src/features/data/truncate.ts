/** Spec §2: header names longer than 20 characters are cut to 15 plus an ellipsis. */
export function truncateHeader(name: string): string {
  return name.length > 20 ? `${name.slice(0, 15)}...` : name;
}

/** Spec §2: nosolicitud values longer than 20 characters are cut to 20 plus an ellipsis. */
export function truncateNosolicitud(value: string): string {
  return value.length > 20 ? `${value.slice(0, 20)}...` : value;
}
