// The web build is one file (a web extension cannot load modules at run time): the reader is in it.
import * as clarinet from '../../chain/clarinet';

export function clarinetModule(): typeof clarinet {
  return clarinet;
}
