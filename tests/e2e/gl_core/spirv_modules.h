// SPIR-V modules of e2e_gl_core_spirv_test.cpp: SPIR-V assembly as
// glslangValidator -G writes it for the GLSL in each comment, without its
// debug names.
#pragma once

namespace brass::e2e::spirv_modules {

// layout(location = 0) in vec4 pos; void main() { gl_Position = pos; }
constexpr const char* kVertex = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Vertex %main "main" %pos %per_vertex
               OpDecorate %pos Location 0
               OpMemberDecorate %PerVertex 0 BuiltIn Position
               OpDecorate %PerVertex Block
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
         %v4 = OpTypeVector %float 4
        %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
  %PerVertex = OpTypeStruct %v4
 %ptr_out_pv = OpTypePointer Output %PerVertex
 %per_vertex = OpVariable %ptr_out_pv Output
  %ptr_in_v4 = OpTypePointer Input %v4
        %pos = OpVariable %ptr_in_v4 Input
 %ptr_out_v4 = OpTypePointer Output %v4
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpLoad %v4 %pos
        %dst = OpAccessChain %ptr_out_v4 %per_vertex %int_0
               OpStore %dst %p
               OpReturn
               OpFunctionEnd
)";

// layout(location = 3) uniform vec4 color;
// layout(location = 0) out vec4 frag; void main() { frag = color; }
constexpr const char* kUniformFragment = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %frag
               OpExecutionMode %main OriginLowerLeft
               OpDecorate %frag Location 0
               OpDecorate %color Location 3
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
         %v4 = OpTypeVector %float 4
 %ptr_out_v4 = OpTypePointer Output %v4
       %frag = OpVariable %ptr_out_v4 Output
  %ptr_uc_v4 = OpTypePointer UniformConstant %v4
      %color = OpVariable %ptr_uc_v4 UniformConstant
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %c = OpLoad %v4 %color
               OpStore %frag %c
               OpReturn
               OpFunctionEnd
)";

// layout(std140, binding = 2) uniform Params { vec4 add; } params;
// layout(binding = 1) uniform sampler2D tex;
// void main() { frag = texture(tex, vec2(0.5)) + params.add; }
constexpr const char* kUboSamplerFragment = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %frag
               OpExecutionMode %main OriginLowerLeft
               OpDecorate %frag Location 0
               OpDecorate %tex Binding 1
               OpMemberDecorate %Params 0 Offset 0
               OpDecorate %Params Block
               OpDecorate %params Binding 2
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
         %v4 = OpTypeVector %float 4
         %v2 = OpTypeVector %float 2
 %ptr_out_v4 = OpTypePointer Output %v4
       %frag = OpVariable %ptr_out_v4 Output
      %image = OpTypeImage %float 2D 0 0 0 1 Unknown
    %sampled = OpTypeSampledImage %image
 %ptr_uc_tex = OpTypePointer UniformConstant %sampled
        %tex = OpVariable %ptr_uc_tex UniformConstant
       %half = OpConstant %float 0.5
     %centre = OpConstantComposite %v2 %half %half
     %Params = OpTypeStruct %v4
 %ptr_params = OpTypePointer Uniform %Params
     %params = OpVariable %ptr_params Uniform
        %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
  %ptr_u_v4 = OpTypePointer Uniform %v4
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %t = OpLoad %sampled %tex
          %s = OpImageSampleImplicitLod %v4 %t %centre
         %pa = OpAccessChain %ptr_u_v4 %params %int_0
          %a = OpLoad %v4 %pa
        %sum = OpFAdd %v4 %s %a
               OpStore %frag %sum
               OpReturn
               OpFunctionEnd
)";

// layout(constant_id = 7) const float red = 0.0;
// layout(constant_id = 8) const bool blue = false;
// void main() { frag = vec4(red, 0.0, blue ? 1.0 : 0.0, 1.0); }
constexpr const char* kSpecFragment = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %frag
               OpEntryPoint Fragment %other "other" %frag
               OpExecutionMode %main OriginLowerLeft
               OpExecutionMode %other OriginLowerLeft
               OpDecorate %frag Location 0
               OpDecorate %red SpecId 7
               OpDecorate %blue SpecId 8
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
         %v4 = OpTypeVector %float 4
 %ptr_out_v4 = OpTypePointer Output %v4
       %frag = OpVariable %ptr_out_v4 Output
        %red = OpSpecConstant %float 0
    %float_0 = OpConstant %float 0
       %bool = OpTypeBool
       %blue = OpSpecConstantFalse %bool
    %float_1 = OpConstant %float 1
      %bluef = OpSpecConstantOp %float Select %blue %float_1 %float_0
     %colour = OpSpecConstantComposite %v4 %red %float_0 %bluef %float_1
      %green = OpConstantComposite %v4 %float_0 %float_1 %float_0 %float_1
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpStore %frag %colour
               OpReturn
               OpFunctionEnd
      %other = OpFunction %void None %fn
     %entry2 = OpLabel
               OpStore %frag %green
               OpReturn
               OpFunctionEnd
)";

// layout(local_size_x = 4) in;
// layout(binding = 0, offset = 4) uniform atomic_uint counter;
// void main() { atomicCounterIncrement(counter); }
constexpr const char* kAtomicCompute = R"(
               OpCapability Shader
               OpCapability AtomicStorage
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 4 1 1
               OpDecorate %counter Offset 4
               OpDecorate %counter Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
 %ptr_ac_uint = OpTypePointer AtomicCounter %uint
    %counter = OpVariable %ptr_ac_uint AtomicCounter
     %uint_1 = OpConstant %uint 1
     %uint_0 = OpConstant %uint 0
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %old = OpAtomicIIncrement %uint %counter %uint_1 %uint_0
               OpReturn
               OpFunctionEnd
)";

// layout(local_size_x = 1) in;
// layout(binding = 0, offset = 0) uniform atomic_uint c;
// layout(std430, binding = 1) buffer Out { uint before; };
// void main() { before = atomicCounterDecrement(c) + 1u; }
// (OpAtomicIDecrement gives the value before the decrement.)
constexpr const char* kDecrementCompute = R"(
               OpCapability Shader
               OpCapability AtomicStorage
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %c Offset 0
               OpDecorate %c Binding 0
               OpMemberDecorate %Out 0 Offset 0
               OpDecorate %Out BufferBlock
               OpDecorate %out Binding 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %ptr_ac = OpTypePointer AtomicCounter %uint
          %c = OpVariable %ptr_ac AtomicCounter
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
        %Out = OpTypeStruct %uint
    %ptr_out = OpTypePointer Uniform %Out
        %out = OpVariable %ptr_out Uniform
 %ptr_u_uint = OpTypePointer Uniform %uint
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %old = OpAtomicIDecrement %uint %c %uint_1 %uint_0
        %dst = OpAccessChain %ptr_u_uint %out %uint_0
               OpStore %dst %old
               OpReturn
               OpFunctionEnd
)";

// layout(xfb_buffer = 0, xfb_stride = 8) out;
// layout(location = 0, xfb_buffer = 0, xfb_offset = 4) out float captured;
// void main() { captured = float(gl_VertexID) * 10.0; gl_Position = vec4(0.0); }
constexpr const char* kXfbVertex = R"(
               OpCapability Shader
               OpCapability TransformFeedback
               OpMemoryModel Logical GLSL450
               OpEntryPoint Vertex %main "main" %captured %vertex_id %per_vertex
               OpExecutionMode %main Xfb
               OpDecorate %captured Location 0
               OpDecorate %captured XfbBuffer 0
               OpDecorate %captured XfbStride 8
               OpDecorate %captured Offset 4
               OpDecorate %vertex_id BuiltIn VertexId
               OpMemberDecorate %PerVertex 0 BuiltIn Position
               OpDecorate %PerVertex Block
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
         %v4 = OpTypeVector %float 4
        %int = OpTypeInt 32 1
 %ptr_out_f = OpTypePointer Output %float
   %captured = OpVariable %ptr_out_f Output
 %ptr_in_int = OpTypePointer Input %int
  %vertex_id = OpVariable %ptr_in_int Input
   %float_10 = OpConstant %float 10
    %float_0 = OpConstant %float 0
     %origin = OpConstantComposite %v4 %float_0 %float_0 %float_0 %float_0
  %PerVertex = OpTypeStruct %v4
 %ptr_out_pv = OpTypePointer Output %PerVertex
 %per_vertex = OpVariable %ptr_out_pv Output
      %int_0 = OpConstant %int 0
 %ptr_out_v4 = OpTypePointer Output %v4
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %id = OpLoad %int %vertex_id
        %idf = OpConvertSToF %float %id
          %v = OpFMul %float %idf %float_10
               OpStore %captured %v
        %pos = OpAccessChain %ptr_out_v4 %per_vertex %int_0
               OpStore %pos %origin
               OpReturn
               OpFunctionEnd
)";

// SPV_KHR_storage_buffer_storage_class: layout(local_size_x = 4) in;
// layout(constant_id = 1) const uint scale = 2;
// layout(std430, binding = 3) buffer Buf { uint data[4]; };
// void main() { data[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * scale; }
constexpr const char* kSsboCompute = R"(
               OpCapability Shader
               OpExtension "SPV_KHR_storage_buffer_storage_class"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 4 1 1
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %scale SpecId 1
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf Block
               OpDecorate %buf Binding 3
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
  %ptr_in_v3 = OpTypePointer Input %v3uint
        %gid = OpVariable %ptr_in_v3 Input
     %uint_0 = OpConstant %uint 0
     %uint_4 = OpConstant %uint 4
      %scale = OpSpecConstant %uint 2
        %arr = OpTypeArray %uint %uint_4
        %Buf = OpTypeStruct %arr
 %ptr_sb_buf = OpTypePointer StorageBuffer %Buf
        %buf = OpVariable %ptr_sb_buf StorageBuffer
%ptr_sb_uint = OpTypePointer StorageBuffer %uint
%ptr_in_uint = OpTypePointer Input %uint
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %px = OpAccessChain %ptr_in_uint %gid %uint_0
          %x = OpLoad %uint %px
          %v = OpIMul %uint %x %scale
        %dst = OpAccessChain %ptr_sb_uint %buf %uint_0 %x
               OpStore %dst %v
               OpReturn
               OpFunctionEnd
)";

// layout(std140, binding = 0) uniform Block { mat2x4 m; }; frag = m[0];
// with the columns MatrixStride bytes apart (16 is std140's).
constexpr const char* kMatrixStrideFragment = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %frag
               OpExecutionMode %main OriginLowerLeft
               OpDecorate %frag Location 0
               OpMemberDecorate %Block 0 ColMajor
               OpMemberDecorate %Block 0 Offset 0
               OpMemberDecorate %Block 0 MatrixStride STRIDE
               OpDecorate %Block Block
               OpDecorate %ubo Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
         %v4 = OpTypeVector %float 4
        %mat = OpTypeMatrix %v4 2
 %ptr_out_v4 = OpTypePointer Output %v4
       %frag = OpVariable %ptr_out_v4 Output
      %Block = OpTypeStruct %mat
  %ptr_block = OpTypePointer Uniform %Block
        %ubo = OpVariable %ptr_block Uniform
        %int = OpTypeInt 32 1
      %int_0 = OpConstant %int 0
  %ptr_u_v4 = OpTypePointer Uniform %v4
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpAccessChain %ptr_u_v4 %ubo %int_0 %int_0
          %c = OpLoad %v4 %p
               OpStore %frag %c
               OpReturn
               OpFunctionEnd
)";

// layout(local_size_x_id = 5) in;  (default 2)
// layout(std430, binding = 0) buffer Buf { uint data[8]; };
// void main() { data[gl_GlobalInvocationID.x] = 1u; }
constexpr const char* kWorkGroupSizeCompute = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %size_x SpecId 5
               OpDecorate %size BuiltIn WorkgroupSize
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf BufferBlock
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
  %ptr_in_v3 = OpTypePointer Input %v3uint
        %gid = OpVariable %ptr_in_v3 Input
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_8 = OpConstant %uint 8
     %size_x = OpSpecConstant %uint 2
       %size = OpSpecConstantComposite %v3uint %size_x %uint_1 %uint_1
        %arr = OpTypeArray %uint %uint_8
        %Buf = OpTypeStruct %arr
    %ptr_buf = OpTypePointer Uniform %Buf
        %buf = OpVariable %ptr_buf Uniform
 %ptr_u_uint = OpTypePointer Uniform %uint
%ptr_in_uint = OpTypePointer Input %uint
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %px = OpAccessChain %ptr_in_uint %gid %uint_0
          %x = OpLoad %uint %px
        %dst = OpAccessChain %ptr_u_uint %buf %uint_0 %x
               OpStore %dst %uint_1
               OpReturn
               OpFunctionEnd
)";

}  // namespace brass::e2e::spirv_modules
