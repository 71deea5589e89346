package io.paypipe.support.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * On the API chain (CSRF off), an action (any method but GET, HEAD, OPTIONS, TRACE) is
 * taken only with {@code Content-Type: application/json} (or {@code +json}), even one
 * without a body ({@code /ops/consumers/pause}): a page of another site can send that
 * content type only after a CORS preflight, which no origin passes, so a browser that
 * cached an operator's Basic credentials cannot be made to act for it. 415 with one
 * sentence otherwise.
 */
final class JsonActionsOnly extends OncePerRequestFilter {

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (READS.contains(request.getMethod()) || json(request.getContentType())) {
            chain.doFilter(request, response);
            return;
        }
        OperatorSecurity.error(response, 415,
                "an action takes Content-Type: application/json (an empty body is fine where it needs none)");
    }

    private static boolean json(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return false;
        }
        try {
            MediaType type = MediaType.parseMediaType(contentType);
            return MediaType.APPLICATION_JSON.isCompatibleWith(type) || type.getSubtype().endsWith("+json");
        }
        catch (InvalidMediaTypeException e) {
            return false;
        }
    }

}
