"""Shared constraint building blocks: exact counts, a single loop, vertex-disjoint paths."""
