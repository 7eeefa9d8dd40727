{{/*
Environment of a Node component: identity of the pod for telemetry, the
OpenTelemetry exporter, ports, platform addresses, callee addresses, the
database URL and secrets by reference, then the component's own env.
*/}}
{{- define "chorus.env" -}}
{{- $root := .root }}
{{- $c := .c -}}
- name: K8S_POD_NAME
  valueFrom: { fieldRef: { fieldPath: metadata.name } }
- name: K8S_NAMESPACE
  valueFrom: { fieldRef: { fieldPath: metadata.namespace } }
- name: K8S_NODE_NAME
  valueFrom: { fieldRef: { fieldPath: spec.nodeName } }
- name: LOG_LEVEL
  value: {{ $root.Values.global.logLevel | quote }}
- name: CHORUS_VERSION
  value: {{ include "chorus.tag" . | quote }}
- name: OTEL_SERVICE_NAME
  value: {{ .name | quote }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ $root.Values.platform.otelCollector.endpoint | quote }}
- name: OTEL_TRACES_SAMPLER
  value: parentbased_traceidratio
- name: OTEL_TRACES_SAMPLER_ARG
  value: {{ $root.Values.platform.otelCollector.traceSampleRatio | quote }}
- name: OTEL_RESOURCE_ATTRIBUTES
  value: {{ printf "service.namespace=chorus,deployment.environment.name=%s,k8s.namespace.name=$(K8S_NAMESPACE),k8s.pod.name=$(K8S_POD_NAME),k8s.node.name=$(K8S_NODE_NAME),k8s.deployment.name=%s,service.instance.id=$(K8S_POD_NAME)" $root.Values.global.environment (include "chorus.fullname" .) | quote }}
{{- if eq $c.protocol "grpc" }}
- name: GRPC_PORT
  value: {{ $c.port | quote }}
{{- else }}
- name: PORT
  value: {{ $c.port | quote }}
{{- end }}
{{- if has "kafka" $c.uses }}
- name: KAFKA_BROKERS
  value: {{ $root.Values.platform.kafka.bootstrapServers | quote }}
{{- end }}
{{- if has "redis" $c.uses }}
- name: REDIS_URL
  value: {{ $root.Values.platform.redis.url | quote }}
{{- end }}
{{- if and (eq $c.protocol "http") $root.Values.ingress.enabled }}
- name: PUBLIC_URL
  value: {{ printf "%s://%s" (ternary "https" "http" $root.Values.ingress.tls.enabled) $root.Values.ingress.host | quote }}
{{- end }}
{{- $components := include "chorus.components" $root | fromYaml }}
{{- range $callee := $c.calls }}
{{- $target := get $components $callee }}
{{- if $target }}
- name: {{ include "chorus.addressEnv" (dict "name" $callee "c" $target) }}
  value: {{ include "chorus.address" (dict "root" $root "name" $callee "c" $target) | quote }}
{{- end }}
{{- end }}
{{- with $c.database }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef: { name: {{ .secret }}, key: {{ .key }} }
{{- end }}
{{- range $envName, $ref := $c.secretEnv }}
- name: {{ $envName }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.secret }}
      key: {{ $ref.key }}
      {{- if $ref.optional }}
      optional: true
      {{- end }}
{{- end }}
{{- range $envName, $value := $c.env }}
- name: {{ $envName }}
  value: {{ $value | quote }}
{{- end }}
{{- end }}

{{/*
Probes. gRPC services: the kubelet calls grpc.health.v1.Health natively. The
gateway: /healthz for both, because /readyz fails when any service is down
and taking every gateway out of the Service would turn one failing service
into a full outage (the helm test asks /readyz instead). Static sites: nginx.
A startup probe gives migrations time before liveness counts.
*/}}
{{- define "chorus.probes" -}}
{{- $c := .c }}
{{- $check := "" }}
{{- if eq $c.protocol "grpc" }}
{{- $check = printf "grpc:\n  port: %v" $c.port }}
{{- else }}
{{- $check = printf "httpGet:\n  path: /healthz\n  port: %s" (include "chorus.portName" $c) }}
{{- end -}}
startupProbe:
  {{- $check | nindent 2 }}
  periodSeconds: 2
  failureThreshold: 90
readinessProbe:
  {{- $check | nindent 2 }}
  periodSeconds: 5
  failureThreshold: 2
livenessProbe:
  {{- $check | nindent 2 }}
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 3
{{- end }}
