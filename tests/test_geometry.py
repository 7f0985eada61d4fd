"""Grid geometry shared by all puzzles."""

from __future__ import annotations

from satpuzzles.geometry import Grid


def test_cells_and_neighbourhoods() -> None:
    grid = Grid(3, 4)
    assert list(grid.cells())[:5] == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]
    assert grid.size == 12 and grid.index((2, 1)) == 9
    assert grid.neighbours4((0, 0)) == [(0, 1), (1, 0)]
    assert sorted(grid.neighbours4((1, 1))) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert len(grid.neighbours8((1, 1))) == 8 and len(grid.neighbours8((0, 3))) == 3
    assert grid.contains((2, 3)) and not grid.contains((3, 0)) and not grid.contains((0, -1))


def test_links_join_each_adjacent_pair_once() -> None:
    grid = Grid(3, 4)
    links = grid.links()
    assert len(links) == 3 * 3 + 2 * 4
    assert len(set(links)) == len(links)
    for u, v in links:
        assert abs(u[0] - v[0]) + abs(u[1] - v[1]) == 1 and u < v


def test_lattice_edges_and_vertices() -> None:
    grid = Grid(2, 3)
    edges = grid.edges()
    assert len(list(grid.vertices())) == 3 * 4
    assert len(edges) == 3 * 3 + 2 * 4
    assert grid.cell_edges((1, 2)) == [("h", 1, 2), ("v", 1, 3), ("h", 2, 2), ("v", 1, 2)]
    assert sorted(grid.vertex_edges((0, 0))) == [("h", 0, 0), ("v", 0, 0)]
    assert len(grid.vertex_edges((1, 1))) == 4
    for edge in edges:
        a, b = grid.edge_vertices(edge)
        assert edge in grid.vertex_edges(a) and edge in grid.vertex_edges(b)
        for cell in grid.edge_cells(edge):
            assert edge in grid.cell_edges(cell)
    assert grid.edge_cells(("h", 0, 1)) == [(0, 1)] and grid.edge_cells(("v", 1, 1)) == [(1, 0), (1, 1)]


def test_around8_at_reads_the_eight_neighbours_in_king_order() -> None:
    import numpy as np

    from satpuzzles.geometry import KING, around8_at

    array = np.arange(1, 13).reshape(3, 4)
    rows = around8_at(array, np.array([1, 0]), np.array([1, 3]))
    assert rows.shape == (2, 8)
    assert rows[0].tolist() == [array[1 + dr, 1 + dc] for dr, dc in KING]
    assert rows[1].tolist() == [0, 0, 0, 3, 0, 7, 8, 0]
    assert around8_at(array, np.array([], dtype=np.int64), np.array([], dtype=np.int64)).shape == (0, 8)
