// The web build is one file (a web extension cannot load modules at run time): the panels are in it.
import * as panels from './panels';

export function loadPanelsModule(): typeof panels {
  return panels;
}
