#version 450
// The smallest pipeline there is: the pipeline-cache tests only need one to exist.
layout(local_size_x = 1) in;
void main() {}
