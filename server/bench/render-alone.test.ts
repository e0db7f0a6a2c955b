import { countsOf } from './render-alone';

describe("bench:ssr's render alone", () => {
  it("counts a body's elements without its style elements, and the MUI components among them", () => {
    const body =
      '<style data-emotion="css 1x">.css-1x{color:red}</style>' +
      '<div class="MuiBox-root css-1x"><p class="MuiTypography-root MuiTypography-body2 css-2y">Author</p>' +
      '<span class="price">12.50</span><a href="/book/1" data-discover="true">Book Now</a></div>';
    expect(countsOf(body)).toEqual({ elements: 4, muiComponents: 2, styleElements: 1, bodyKb: 0.2 });
  });

  it('does not take a class naming a MUI state (Mui-selected) for a component', () => {
    expect(countsOf('<li class="Mui-selected item">One</li>')).toMatchObject({ elements: 1, muiComponents: 0 });
  });
});
