#!/usr/bin/env python3
"""Writes the hand-made seeds of fuzz_gl_calls and fuzz_egl_attribs
(corpus/<harness>): short call sequences in the harnesses' bytecode
(gl_call_ops.cpp, fuzz_egl_attribs.cpp) that reach the interesting paths
(a draw with a bound program and attributes, uploads, readbacks, mapped
buffers, compute, framebuffers; contexts, surfaces, images, syncs), for the
fuzzer to mutate from. docs/testing.md, "Fuzzing"."""
import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def t(i):
    """Table entry i of Input::pick."""
    return (i << 3) & 0xff


# Indices into the harness's tables (gl_call_ops.cpp).
ARRAY, ELEMENT, COPY_READ, COPY_WRITE, PACK, UNPACK, UNIFORM = range(7)
INDIRECT, DISPATCH_INDIRECT, SSBO = 8, 9, 10
# Input::size_value() table: 0,1,3,4,16,64,256,4096,65536,-1,-4,MAX,MIN,MAX-3,2^31,2^32,2^40,INT_MAX,2^32+4,12
S0, S1, S3, S4, S16, S64, S256, S4096, S65536, SM1, SM4, SMAX, SMIN, SMAXM3, S2_31, S2_32, S2_40 = range(17)
# Input::dimension() table: 0,1,1,2,3,4,4,7,8,16,16,31,32,33,64,-1,INT_MAX,...
D1, D4, D16, D64, DM1, DINTMAX = 1, 5, 9, 14, 15, 16
# Input::int_value() table: 0,1,2,3,4,...
I0, I1 = 0, 1


def gl_seeds():
    gen_buffer = [0]
    def bind(target, n=0): return [1, t(target), n]
    def data(target, size, with_data=1, usage=0): return [2, t(target), t(size), with_data, t(usage)]
    def sub(target, off, size): return [3, t(target), t(off), t(size)]
    def map_range(target, off, size, access): return [4, t(target), t(off), t(size), t(access)]
    vertex = gen_buffer + bind(ARRAY) + data(ARRAY, S4096) + [37, 0, t(3), t(0), 0, t(0), t(S0)] + [39, 0, 1]
    use = [36, 0]
    draw = [41, t(0), t(0), t(3)]
    seeds = {
        "draw_arrays": vertex + use + draw + [24, t(I0), t(I0), t(D16), t(D16), t(0), t(0), 0],
        "draw_elements": vertex + use + gen_buffer + bind(ELEMENT, 1) + data(ELEMENT, S64) + [42, t(0), t(3), t(1), t(S0)],
        "draw_elements_huge_offset": vertex + use + gen_buffer + bind(ELEMENT, 1) + data(ELEMENT, S64) + [42, t(0), t(3), t(2), t(SMAXM3)],
        "draw_instanced": vertex + use + [40, 0, t(1)] + [45, t(0), t(0), t(3), t(2)] + [43, t(0), t(3), t(0), t(2)],
        "draw_range": vertex + use + [44, t(0), t(4), t(0), t(0), t(2)],
        "draw_indirect": vertex + use + gen_buffer + bind(INDIRECT, 1) + data(INDIRECT, S64) + [46, t(0), t(S0), 47, t(0), t(0), t(S16)],
        "buffer_sub_data_overflow": gen_buffer + bind(ARRAY) + data(ARRAY, S256) + sub(ARRAY, SMAXM3, S16) + sub(ARRAY, S16, S16),
        "map_buffer_range": gen_buffer + bind(ARRAY) + data(ARRAY, S256) + map_range(ARRAY, S16, S64, 2) + [6, t(ARRAY)]
                            + map_range(ARRAY, SMAXM3, S16, 1) + map_range(ARRAY, S0, S256, 4) + [5, t(ARRAY), t(S0), t(S16), 6, t(ARRAY)],
        "copy_buffer": gen_buffer + gen_buffer + bind(COPY_READ, 0) + data(COPY_READ, S256) + bind(COPY_WRITE, 1) + data(COPY_WRITE, S256)
                       + [7, t(COPY_READ), t(COPY_WRITE), t(S0), t(S16), t(S64), 7, t(COPY_READ), t(COPY_WRITE), t(SMAX), t(S0), t(S16)],
        "tex_image": [9, 10, t(0), 0, 11, t(0), t(I0), t(0), t(D16), t(D16), 0, t(0), t(0), 1, 12, t(0), t(I0), t(I1), t(I1), t(D4), t(D4), t(0), t(0), 1, 20, t(0)],
        "tex_image_3d": [9, 10, t(2), 0, 13, t(2), t(I0), t(0), t(D4), t(D4), t(D4), t(0), t(0), 1, 14, t(2), t(I0), t(I0), t(I0), t(I1), t(D1), t(D1), t(D1), t(0), t(0), 1],
        "tex_storage": [9, 10, t(0), 0, 15, t(0), t(D4), t(0), t(D16), t(D16), 19, t(0), t(0), t(1)],
        "compressed": [9, 10, t(0), 0, 17, t(0), t(I0), t(0), t(D4), t(D4), t(8), 1],
        "pbo_upload": gen_buffer + bind(UNPACK) + data(UNPACK, S4096) + [9, 10, t(0), 0, 11, t(0), t(I0), t(0), t(D16), t(D16), 0, t(0), t(0), 0, t(S16)],
        "pbo_readback": gen_buffer + bind(PACK) + data(PACK, S4096) + [24, t(I0), t(I0), t(D16), t(D16), t(0), t(0), t(SMAXM3)],
        "framebuffer": [9, 10, t(0), 0, 15, t(0), t(D1), t(0), t(D16), t(D16), 25, 26, t(0), 0, 27, t(0), t(0), t(0), 0, t(I0), 32, t(0),
                        34, 0x00, 0x45, 0, 0, 33, *[t(I0)] * 4, *[t(5)] * 4, 0x00, 0x40, 0, 0, 0],
        "renderbuffer": [29, 0, 30, t(1), t(0), t(D16), t(D16), 25, 26, t(0), 0, 31, t(0), t(0), 0, 32, t(0)],
        "compute": gen_buffer + bind(SSBO) + data(SSBO, S256) + [52, t(1), t(0), 0, t(S0), t(S256), 1, 36, 2, 48, t(2), t(1), t(1),
                   0] + bind(DISPATCH_INDIRECT, 1) + data(DISPATCH_INDIRECT, S16) + [49, t(S0)],
        "uniforms": [36, 0, 58, t(1), t(2), 0, 58, t(1), t(5), 0, 58, t(4), t(1), 3, t(1)],
        "syncs_queries": vertex + use + [56, 0, 0, 0, 0, 57, t(0), 3, 0] + draw + [57, t(0), 0, 56, 1, 0, 1, 1],
    }
    return seeds


def egl_seeds():
    none = [0]
    seeds = {
        "choose_config": [1, 2, t(0), t(6), t(9), t(13), t(2), 0] + [2, 0, t(0)],
        "context": [1, 0, t(2), 0] + [3, 0, 0, 0xe0, 2, t(21), t(3), t(22), t(1)] + [9, 0, t(21)],
        "pbuffer": [1, 0, t(2), 0] + [4, 0, 2, t(32), t(4), t(33), t(4)] + [10, 0, t(32), 1],
        "make_current_image": [1, 0, t(2), 0] + [3, 0, 0, 0xe0, 1, t(21), t(3)] + [4, 0, 2, t(32), t(4), t(33), t(4)]
                              + [5, 0, 0, 1] + [6, 0, t(0), 0, 1, t(41), t(0)] + [12, 0],
        "sync": [1, 0, t(2), 0] + [3, 0, 0, 0xe0, 0] + [4, 0, 0] + [5, 0, 0, 0] + [7, t(0), 0, 1, 8, 0, 0, 8, 0, 1, t(44)] + [14, 0],
        "platform_display": [0, t(0), 1, t(56), t(0), 1] + [0, t(1), 0, 0],
        "strings": [15, t(2), 0, 15, t(0), 1],
    }
    return seeds


def write(harness, seeds):
    out = os.path.join(HERE, "corpus", harness)
    os.makedirs(out, exist_ok=True)
    for name, ops in seeds.items():
        with open(os.path.join(out, name), "wb") as fh:
            fh.write(bytes(b & 0xff for b in ops))


if __name__ == "__main__":
    write("fuzz_gl_calls", gl_seeds())
    write("fuzz_egl_attribs", egl_seeds())
