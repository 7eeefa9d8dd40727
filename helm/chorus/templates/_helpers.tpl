{{/*
Helpers shared by the component templates. A "component context" is a dict
with root (the chart's top-level context), name (the key in .Values.components)
and c (the component's values merged over componentDefaults).
*/}}

{{- define "chorus.chart" -}}
{{ .Chart.Name }}-{{ .Chart.Version | replace "+" "_" }}
{{- end }}

{{/* Resource name of a component: <release>-<component>. */}}
{{- define "chorus.fullname" -}}
{{- printf "%s-%s" .root.Release.Name .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* The enabled components, each merged over componentDefaults, as a dict name -> values. */}}
{{- define "chorus.components" -}}
{{- $all := dict }}
{{- range $name, $values := .Values.components }}
{{- if $values }}
{{- $c := mergeOverwrite (deepCopy $.Values.componentDefaults) (deepCopy $values) }}
{{- if $c.enabled }}
{{- $_ := set $all $name $c }}
{{- end }}
{{- end }}
{{- end }}
{{- toYaml $all }}
{{- end }}

{{- define "chorus.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end }}

{{- define "chorus.labels" -}}
{{ include "chorus.selectorLabels" . }}
app.kubernetes.io/component: {{ .name }}
app.kubernetes.io/part-of: chorus
app.kubernetes.io/version: {{ include "chorus.tag" . | trunc 63 | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ include "chorus.chart" .root }}
{{- end }}

{{/* Labels of pods that are not components (helm test, load test): name = role. */}}
{{- define "chorus.toolLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
app.kubernetes.io/part-of: chorus
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ include "chorus.chart" .root }}
{{- end }}

{{/* Selects a component's pods, or a tool pod, from anywhere in the namespace. */}}
{{- define "chorus.peerSelector" -}}
app.kubernetes.io/part-of: chorus
app.kubernetes.io/component: {{ . }}
{{- end }}

{{- define "chorus.tag" -}}
{{- $image := .c.image | default dict }}
{{- $image.tag | default .root.Values.global.imageTag | default .root.Chart.AppVersion }}
{{- end }}

{{- define "chorus.image" -}}
{{- $image := .c.image | default dict }}
{{- $repository := $image.repository | default .name }}
{{- $registry := .root.Values.global.imageRegistry }}
{{- $tag := include "chorus.tag" . }}
{{- if $registry }}{{ printf "%s/%s:%s" (trimSuffix "/" $registry) $repository $tag }}
{{- else }}{{ printf "%s:%s" $repository $tag }}{{ end }}
{{- end }}

{{/* The Service port's name: gRPC services answer on `grpc`. */}}
{{- define "chorus.portName" -}}
{{- if eq .protocol "grpc" }}grpc{{ else }}http{{ end }}
{{- end }}

{{/* host:port of a component, as its callers are given it. */}}
{{- define "chorus.address" -}}
{{- printf "%s-%s:%v" .root.Release.Name .name .c.port }}
{{- end }}

{{/* Environment variable carrying a callee's address: its addressEnv or <NAME>_ADDR. */}}
{{- define "chorus.addressEnv" -}}
{{- .c.addressEnv | default (printf "%s_ADDR" (.name | upper | replace "-" "_")) }}
{{- end }}

{{/* Pod and container hardening shared by every pod of the chart. */}}
{{- define "chorus.podSecurityContext" -}}
runAsNonRoot: true
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{- define "chorus.containerSecurityContext" -}}
allowPrivilegeEscalation: false
privileged: false
readOnlyRootFilesystem: true
capabilities:
  drop: [ALL]
{{- end }}
